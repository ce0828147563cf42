package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.model.EdmValue.EdmString;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes string values. Jackson's {@code writeString} looks at every character through {@code
 * charAt} and its escape table; that loop was a third of the worker's CPU for a query page on the
 * server (JFR, 1,000 entities of ~1 KiB) and half of {@code EntityJsonWriterBenchmark.writeFeed}. A
 * value that is plain ASCII, which needs no escaping, is instead checked eight bytes at a time and
 * copied in as raw UTF-8: the bytes it was read from storage as, or, for a long {@code String}, the
 * JDK's intrinsic encoding of it. The bytes written are the same either way: Jackson's default
 * factory escapes only control characters (below 0x20), {@code "} and {@code \}, and writes every
 * other ASCII character, DEL included, as itself. Stateless and thread-safe.
 */
final class StringValues {
  /**
   * Below about this many characters, encoding the text into a new array costs more than Jackson's
   * loop saves (a loop writing one value 200,000 times: equal near 64-128 characters).
   */
  static final int MIN_ENCODED_LENGTH = 96;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  private StringValues() {}

  /** Writes a string property's value. */
  static void write(JsonGenerator out, EdmString string) throws IOException {
    byte[] stored = string.readOnlyEncodedOrNull();
    if (stored == null || !writeIfPlainAscii(out, stored, 0, stored.length)) {
      write(out, string.value());
    }
  }

  /**
   * Writes a string stored as {@code length} bytes of {@code bytes} from {@code start} as they are
   * and returns true when they are plain ASCII; otherwise writes nothing and returns false, and the
   * caller writes the decoded text. (A decoding callback here cost a page 5-9% in JMH.)
   */
  static boolean writeIfPlainAscii(JsonGenerator out, byte[] bytes, int start, int length)
      throws IOException {
    // Stored bytes that are all ASCII are the text itself: no '?' stands for a lone surrogate.
    if (!isPlainAscii(bytes, start, length, true)) {
      return false;
    }
    out.writeRawUTF8String(bytes, start, length);
    return true;
  }

  /** Writes {@code text} as a JSON string value. */
  static void write(JsonGenerator out, String text) throws IOException {
    if (text.length() >= MIN_ENCODED_LENGTH) {
      byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
      // Equal lengths leave two cases: every character ASCII, or some lone surrogates, which the
      // encoder replaced by '?' one for one. Refusing '?' leaves only the first.
      if (utf8.length == text.length() && isPlainAscii(utf8, false)) {
        out.writeRawUTF8String(utf8, 0, utf8.length);
        return;
      }
    }
    out.writeString(text);
  }

  /**
   * Whether every byte is an ASCII character Jackson writes as itself: no control character, no
   * {@code "} or {@code \}, nothing with the high bit set, and no {@code ?} unless {@code
   * questionMarks}. Eight bytes per step with the zero-byte test of "Bit Twiddling Hacks" ({@code
   * (v - 0x01..) & ~v} has a lane's high bit set when that lane is zero), on the word itself for
   * "below 0x20" and on the word XORed with each refused character; the high bits are looked at
   * once, at the end. Each test is exact as a yes/no when no lane has its own high bit set, which
   * the word itself tells.
   */
  static boolean isPlainAscii(byte[] bytes, boolean questionMarks) {
    return isPlainAscii(bytes, 0, bytes.length, questionMarks);
  }

  /** {@link #isPlainAscii(byte[], boolean)} of {@code length} bytes from {@code start}. */
  static boolean isPlainAscii(byte[] bytes, int start, int length, boolean questionMarks) {
    // With '?' allowed, the fourth test repeats the quote's.
    long fourth = ONES * (questionMarks ? '"' : '?');
    int end = start + length;
    int i = start;
    long bad = 0;
    for (; i + Long.BYTES <= end; i += Long.BYTES) {
      long word = (long) LONGS.get(bytes, i);
      long quote = word ^ (ONES * '"');
      long backslash = word ^ (ONES * '\\');
      long refused = word ^ fourth;
      bad |=
          word
              | ((word - ONES * 0x20) & ~word)
              | ((quote - ONES) & ~quote)
              | ((backslash - ONES) & ~backslash)
              | ((refused - ONES) & ~refused);
    }
    if ((bad & HIGH_BITS) != 0) {
      return false;
    }
    for (; i < end; i++) {
      byte b = bytes[i];
      if (b < 0x20 || b == '"' || b == '\\' || b == '?' && !questionMarks) {
        return false;
      }
    }
    return true;
  }
}
