package dev.tabula.engine.codec;

import dev.tabula.model.Utf16;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 extended to every Java string: a well-formed string encodes exactly as UTF-8, and an
 * unpaired surrogate (which {@link String#getBytes} would turn into {@code ?}) encodes as the
 * three-byte sequence of its code unit, as in WTF-8. Keys and property values may hold unpaired
 * surrogates (nothing in the service's rules forbids them), so the engine must neither lose nor
 * merge them.
 *
 * <p>The unsigned byte order of encodings equals the code-point order of {@link
 * dev.tabula.model.EntityKey#KEY_ORDER} (an unpaired surrogate counting as its own code point), and
 * no encoding of a non-empty string contains {@code 0x00} unless the string holds U+0000.
 * Thread-safe and stateless.
 */
public final class Wtf8 {
  private Wtf8() {}

  /** The encoding of {@code text}. */
  public static byte[] encode(String text) {
    if (Utf16.isWellFormed(text)) {
      return text.getBytes(StandardCharsets.UTF_8); // the JDK's fast path is exact here
    }
    byte[] out = new byte[text.length() * 3];
    int n = 0;
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i); // an unpaired surrogate comes back as itself
      i += Character.charCount(c);
      n = put(out, n, c);
    }
    return java.util.Arrays.copyOf(out, n);
  }

  /**
   * Decodes {@code length} bytes from {@code offset}. Malformed bytes never make it fail; what they
   * decode to is unspecified (the engines only decode what they encoded).
   */
  public static String decode(byte[] bytes, int offset, int length) {
    // The JDK's decoder is one intrinsic pass, and turns an encoded surrogate (malformed in UTF-8
    // proper) into U+FFFD. So a result without U+FFFD is exact; that test is free for the usual
    // Latin-1 strings, which cannot hold the character at all.
    String utf8 = new String(bytes, offset, length, StandardCharsets.UTF_8);
    if (utf8.indexOf('\uFFFD') < 0 || !hasEncodedSurrogate(bytes, offset, length)) {
      return utf8;
    }
    StringBuilder out = new StringBuilder(length);
    int i = offset;
    int end = offset + length;
    while (i < end) {
      int b = bytes[i] & 0xFF;
      int width = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
      if (b >= 0x80 && b < 0xC0 || i + width > end) {
        out.append('\uFFFD');
        i++;
        continue;
      }
      out.appendCodePoint(codePoint(bytes, i, width));
      i += width;
    }
    return out.toString();
  }

  /** Decodes a whole array. */
  public static String decode(byte[] bytes) {
    return decode(bytes, 0, bytes.length);
  }

  private static int put(byte[] out, int n, int c) {
    if (c < 0x80) {
      out[n++] = (byte) c;
    } else if (c < 0x800) {
      out[n++] = (byte) (0xC0 | c >> 6);
      out[n++] = (byte) (0x80 | c & 0x3F);
    } else if (c < 0x10000) {
      out[n++] = (byte) (0xE0 | c >> 12);
      out[n++] = (byte) (0x80 | c >> 6 & 0x3F);
      out[n++] = (byte) (0x80 | c & 0x3F);
    } else {
      out[n++] = (byte) (0xF0 | c >> 18);
      out[n++] = (byte) (0x80 | c >> 12 & 0x3F);
      out[n++] = (byte) (0x80 | c >> 6 & 0x3F);
      out[n++] = (byte) (0x80 | c & 0x3F);
    }
    return n;
  }

  private static int codePoint(byte[] bytes, int i, int width) {
    int b = bytes[i] & 0xFF;
    switch (width) {
      case 1:
        return b;
      case 2:
        return (b & 0x1F) << 6 | bytes[i + 1] & 0x3F;
      case 3:
        return (b & 0x0F) << 12 | (bytes[i + 1] & 0x3F) << 6 | bytes[i + 2] & 0x3F;
      default:
        int c =
            (b & 0x07) << 18
                | (bytes[i + 1] & 0x3F) << 12
                | (bytes[i + 2] & 0x3F) << 6
                | bytes[i + 3] & 0x3F;
        return c <= Character.MAX_CODE_POINT ? c : '\uFFFD';
    }
  }

  /** True when the bytes hold {@code ED A0..BF}: a surrogate, which UTF-8 proper never encodes. */
  private static boolean hasEncodedSurrogate(byte[] bytes, int offset, int length) {
    int end = offset + length - 1;
    for (int i = offset; i < end; i++) {
      if (bytes[i] == (byte) 0xED && (bytes[i + 1] & 0xFF) >= 0xA0) {
        return true;
      }
    }
    return false;
  }
}
