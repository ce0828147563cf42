package dev.tabula.protocol.batch;

import dev.tabula.model.TableErrorCode;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads the HTTP request inside an {@code application/http} part: a request line {@code VERB
 * <target> HTTP/1.1}, header lines, an empty line and the body. Blank lines before the request line
 * are skipped. The body is everything after the empty line; a DELETE's blank body and the extra
 * empty line the JavaScript SDK writes before a JSON body ({@code \r\n\r\n\r\n{...}}) are harmless
 * to the JSON reader. A part that is not {@code application/http}, or whose request line is not of
 * that form, is 400 InvalidInput. Stateless and thread-safe.
 */
final class HttpPartParser {
  private HttpPartParser() {}

  /** The operation a part carries. */
  static SubRequest parse(MimePart part) {
    MediaType type = part.mediaType();
    if (type == null || !type.isApplicationHttp()) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    String content = part.content();
    int lineStart = skipBlankLines(content);
    int newline = content.indexOf('\n', lineStart);
    if (newline < 0) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    String requestLine = HeaderBlock.stripCr(content.substring(lineStart, newline)).trim();
    int firstSpace = requestLine.indexOf(' ');
    int lastSpace = requestLine.lastIndexOf(' ');
    if (firstSpace <= 0
        || lastSpace <= firstSpace
        || !requestLine.substring(lastSpace + 1).toUpperCase(Locale.ROOT).startsWith("HTTP/1.")) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    String method = requestLine.substring(0, firstSpace).toUpperCase(Locale.ROOT);
    String target = requestLine.substring(firstSpace + 1, lastSpace).trim();
    HeaderBlock headers = HeaderBlock.read(content, newline + 1);
    byte[] body = content.substring(headers.bodyStart()).getBytes(StandardCharsets.ISO_8859_1);
    return new SubRequest(method, target, headers.headers(), part.headers(), body);
  }

  private static int skipBlankLines(String content) {
    int pos = 0;
    while (pos < content.length()) {
      int newline = content.indexOf('\n', pos);
      if (newline < 0 || !content.substring(pos, newline).isBlank()) {
        return pos;
      }
      pos = newline + 1;
    }
    return pos;
  }
}
