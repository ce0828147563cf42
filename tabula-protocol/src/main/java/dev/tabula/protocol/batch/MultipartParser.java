package dev.tabula.protocol.batch;

import dev.tabula.model.TableErrorCode;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a {@code multipart/mixed} body at its boundary (RFC 2046 section 5.1.1), as tolerantly as
 * the clients that send {@code $batch} bodies need:
 *
 * <ul>
 *   <li>a delimiter is {@code --boundary} at the start of a line; the line break before it belongs
 *       to the delimiter, not to the previous part; lines end with CRLF or a bare LF;
 *   <li>text before the first delimiter (a preamble, or the blank line the JavaScript SDK writes
 *       after a part's headers) and after the close delimiter is ignored;
 *   <li>a body that ends with an opening delimiter and nothing after it counts as closed: the
 *       JavaScript SDK's 2020 recordings end with {@code --batch_fakeId\r\n} (azure-sdk-for-js
 *       {@code recording_should_send_a_set_of_create_batch_operations.js}).
 * </ul>
 *
 * <p>No delimiter at all, or a part that runs to the end of the body without a closing delimiter,
 * is 400 InvalidInput. Stateless and thread-safe.
 */
final class MultipartParser {
  private MultipartParser() {}

  /** The parts of {@code text} delimited by {@code boundary}, in order. */
  static List<MimePart> parse(String text, String boundary) {
    String delimiter = "--" + boundary;
    int pos = findDelimiter(text, delimiter, 0);
    if (pos < 0) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    List<MimePart> parts = new ArrayList<>();
    while (true) {
      int after = pos + delimiter.length();
      if (text.startsWith("--", after)) {
        return parts;
      }
      if (isBlankFrom(text, after)) {
        return parts;
      }
      int newline = text.indexOf('\n', after);
      if (newline < 0) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
      int contentStart = newline + 1;
      int next = findDelimiter(text, delimiter, contentStart);
      if (next < 0) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
      parts.add(MimePart.parse(text.substring(contentStart, contentEnd(text, contentStart, next))));
      pos = next;
    }
  }

  /**
   * The index of the next delimiter at or after {@code from}: at the start of a line and followed
   * by {@code --}, white space or the end, so that a boundary that prefixes a longer token does not
   * match.
   */
  private static int findDelimiter(String text, String delimiter, int from) {
    int at = text.indexOf(delimiter, from);
    while (at >= 0) {
      boolean lineStart = at == 0 || text.charAt(at - 1) == '\n';
      int end = at + delimiter.length();
      boolean tokenEnd =
          end == text.length()
              || text.startsWith("--", end)
              || Character.isWhitespace(text.charAt(end));
      if (lineStart && tokenEnd) {
        return at;
      }
      at = text.indexOf(delimiter, at + 1);
    }
    return -1;
  }

  private static boolean isBlankFrom(String text, int from) {
    for (int i = from; i < text.length(); i++) {
      if (!Character.isWhitespace(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Where a part's content ends: before the line break that starts the next delimiter. */
  private static int contentEnd(String text, int contentStart, int delimiterAt) {
    int end = delimiterAt;
    if (end > contentStart && text.charAt(end - 1) == '\n') {
      end--;
      if (end > contentStart && text.charAt(end - 1) == '\r') {
        end--;
      }
    }
    return end;
  }
}
