package dev.tabula.server.console;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The operations inside a {@code $batch} sent to the console name their URLs as the client sees the
 * service, through the console ({@code POST http://host:port/console/api/accounts/a/t HTTP/1.1});
 * the service reads them as its own ({@code /a/t}). Only request lines change: a line that is a
 * method, a URL holding {@code /console/api/accounts/} and {@code HTTP/1.1}, alone on its line,
 * which an entity's JSON body cannot be. Bytes are read as ISO-8859-1, one char a byte, so UTF-8
 * anywhere else in the body passes through unchanged.
 */
final class BatchRequestLines {
  private static final Pattern CONSOLE_URL =
      Pattern.compile(
          "(?m)^([A-Z]+ [^ \\r\\n]*?)/console/api/accounts/([^ \\r\\n]* HTTP/1\\.[01]\\r?)$");

  private BatchRequestLines() {}

  /** {@code body} with the console's prefix taken out of each operation's request line. */
  static byte[] unprefixed(byte[] body) {
    String text = new String(body, StandardCharsets.ISO_8859_1);
    if (!text.contains("/console/api/accounts/")) {
      return body;
    }
    return CONSOLE_URL.matcher(text).replaceAll("$1/$2").getBytes(StandardCharsets.ISO_8859_1);
  }
}
