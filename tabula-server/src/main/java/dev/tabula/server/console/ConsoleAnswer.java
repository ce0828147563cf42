package dev.tabula.server.console;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One answer of the console: a status, headers in order (Content-Type among them) and a whole body.
 */
record ConsoleAnswer(int status, Map<String, String> headers, byte[] body) {
  static final String TEXT = "text/plain; charset=utf-8";
  static final String JSON = "application/json; charset=utf-8";

  ConsoleAnswer {
    headers = new LinkedHashMap<>(headers);
  }

  /** A plain-text answer of one line. */
  static ConsoleAnswer text(int status, String line) {
    return of(status, TEXT, (line + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** A JSON answer. */
  static ConsoleAnswer json(int status, byte[] json) {
    return of(status, JSON, json);
  }

  /** 405, naming the methods {@code allowed} (as the Allow header lists them). */
  static ConsoleAnswer methodNotAllowed(String allowed) {
    return text(405, "method not allowed: use " + allowed).with("Allow", allowed);
  }

  static ConsoleAnswer of(int status, String contentType, byte[] body) {
    return new ConsoleAnswer(status, Map.of("Content-Type", contentType), body);
  }

  /** This answer with one more header (replacing one of the same name). */
  ConsoleAnswer with(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(headers);
    more.put(name, value);
    return new ConsoleAnswer(status, more, body);
  }
}
