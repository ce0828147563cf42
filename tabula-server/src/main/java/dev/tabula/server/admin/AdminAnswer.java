package dev.tabula.server.admin;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What the admin listener answers to one request: a status, a content type and a body, plus any
 * other headers ({@code Allow} on a 405).
 */
record AdminAnswer(int status, String contentType, byte[] body, Map<String, String> headers) {
  static final String TEXT = "text/plain; charset=utf-8";

  /** A plain-text answer of one line. */
  static AdminAnswer text(int status, String line) {
    return new AdminAnswer(status, TEXT, (line + "\n").getBytes(StandardCharsets.UTF_8), Map.of());
  }

  /** This answer with one more header. */
  AdminAnswer withHeader(String name, String value) {
    return new AdminAnswer(status, contentType, body, Map.of(name, value));
  }
}
