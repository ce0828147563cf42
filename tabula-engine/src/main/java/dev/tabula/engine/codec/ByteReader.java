package dev.tabula.engine.codec;

/**
 * A bounds-checked big-endian cursor over a byte array; not thread-safe. Reading past the end
 * throws {@link IllegalArgumentException}, so corrupt or truncated values fail cleanly instead of
 * with an index error deep inside a decoder.
 */
final class ByteReader {
  private final byte[] buf;
  private int pos;

  ByteReader(byte[] buf) {
    this.buf = buf;
  }

  byte[] array() {
    return buf;
  }

  int position() {
    return pos;
  }

  boolean atEnd() {
    return pos == buf.length;
  }

  int readByte() {
    need(1);
    return buf[pos++] & 0xFF;
  }

  int readInt() {
    need(4);
    int v = 0;
    for (int i = 0; i < 4; i++) {
      v = v << 8 | buf[pos++] & 0xFF;
    }
    return v;
  }

  long readLong() {
    need(8);
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = v << 8 | buf[pos++] & 0xFF;
    }
    return v;
  }

  int readVarint() {
    int v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int b = readByte();
      v |= (b & 0x7F) << shift;
      if (b < 0x80) {
        if (v < 0) {
          throw corrupt();
        }
        return v;
      }
    }
    throw corrupt();
  }

  /** Reads a varint length and returns it after checking that many bytes remain. */
  int readLength() {
    int length = readVarint();
    need(length);
    return length;
  }

  byte[] readBytes(int length) {
    need(length);
    byte[] out = java.util.Arrays.copyOfRange(buf, pos, pos + length);
    pos += length;
    return out;
  }

  void skip(int length) {
    need(length);
    pos += length;
  }

  static IllegalArgumentException corrupt() {
    return new IllegalArgumentException("corrupt entity value");
  }

  private void need(int length) {
    if (length < 0 || length > buf.length - pos) {
      throw corrupt();
    }
  }
}
