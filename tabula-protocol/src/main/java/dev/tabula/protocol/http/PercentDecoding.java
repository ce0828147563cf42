package dev.tabula.protocol.http;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Strict percent-decoding of a URL's parts. A {@code %} not followed by two hex digits, or escapes
 * that are not UTF-8, make the part malformed: the caller answers 400 rather than guess (a lenient
 * decoder would read {@code %zz} as itself, or bad UTF-8 as U+FFFD, and address something else). In
 * a query string {@code +} is a space (HTML form encoding, which Microsoft's older Python and Go
 * clients and {@code @azure/data-tables} with a SAS credential send for {@code $filter}); in a path
 * it is itself.
 */
final class PercentDecoding {
  private PercentDecoding() {}

  /** The decoded text, or null when it is malformed. */
  static @Nullable String decode(String text, boolean plusIsSpace) {
    if (text.indexOf('%') < 0 && (!plusIsSpace || text.indexOf('+') < 0)) {
      return text; // nothing escaped: the same text, not copied
    }
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '%') {
        int end = escapesEnd(text, i);
        String run = utf8(text, i, end);
        if (run == null) {
          return null;
        }
        out.append(run);
        i = end;
      } else {
        out.append(plusIsSpace && c == '+' ? ' ' : c);
        i++;
      }
    }
    return out.toString();
  }

  /** Where a run of {@code %xx} escapes starting at {@code start} ends. */
  private static int escapesEnd(String text, int start) {
    int i = start;
    while (i < text.length() && text.charAt(i) == '%') {
      i += 3;
    }
    return i;
  }

  /** An ASCII hex digit's value, or -1 (Character.digit would take other scripts' digits too). */
  private static int hex(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    char lower = (char) (c | 0x20);
    return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
  }

  /** A run of escapes as UTF-8 text; null when an escape is not two hex digits or not UTF-8. */
  private static @Nullable String utf8(String text, int start, int end) {
    if (end > text.length()) {
      return null;
    }
    byte[] bytes = new byte[(end - start) / 3];
    for (int i = start, b = 0; i < end; i += 3, b++) {
      int high = hex(text.charAt(i + 1));
      int low = hex(text.charAt(i + 2));
      if (high < 0 || low < 0) {
        return null;
      }
      bytes[b] = (byte) (high << 4 | low);
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      CharBuffer chars = decoder.decode(ByteBuffer.wrap(bytes));
      return chars.toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
