package dev.tabula.tools.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;

/** Skips a UTF-8 byte order mark, which Excel puts at the start of the CSV files it saves. */
final class ByteOrderMark {
  private static final byte[] UTF_8 = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private ByteOrderMark() {}

  static InputStream skip(InputStream in) throws IOException {
    PushbackInputStream pushback = new PushbackInputStream(in, UTF_8.length);
    byte[] start = pushback.readNBytes(UTF_8.length);
    if (!java.util.Arrays.equals(start, UTF_8)) {
      pushback.unread(start);
    }
    return pushback;
  }
}
