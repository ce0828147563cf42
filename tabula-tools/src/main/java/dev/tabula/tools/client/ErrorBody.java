package dev.tabula.tools.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The service's JSON error body, {@code {"odata.error":{"code":"…","message":{"value":"…"}}}}, read
 * leniently: an answer without one (a proxy's HTML page, XML) gives an empty code and the start of
 * its text, never an exception.
 *
 * @param code the error code, or null
 * @param message the message's first line, or a short form of the body
 */
record ErrorBody(@Nullable String code, String message) {
  private static final JsonFactory JSON = new JsonFactory();

  static ErrorBody parse(byte[] body, int offset, int length) {
    String code = null;
    String message = null;
    try (JsonParser parser = JSON.createParser(body, offset, length)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.FIELD_NAME && "code".equals(parser.currentName())) {
          parser.nextToken();
          code = parser.getText();
        } else if (token == JsonToken.FIELD_NAME && "value".equals(parser.currentName())) {
          parser.nextToken();
          message = parser.getText();
        }
      }
    } catch (IOException e) {
      // Not JSON: fall back to the text itself.
    }
    if (message == null) {
      String text =
          new String(body, offset, Math.min(length, 200), java.nio.charset.StandardCharsets.UTF_8);
      message = text.isBlank() ? "(no message)" : text.strip();
    }
    int newline = message.indexOf('\n');
    return new ErrorBody(code, newline < 0 ? message : message.substring(0, newline).strip());
  }

  static ErrorBody parse(byte[] body) {
    return parse(body, 0, body.length);
  }
}
