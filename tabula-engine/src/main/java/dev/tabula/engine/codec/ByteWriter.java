package dev.tabula.engine.codec;

import java.util.Arrays;

/** A growable big-endian byte buffer for the codecs; not thread-safe. */
final class ByteWriter {
  private byte[] buf;
  private int size;

  ByteWriter(int initialCapacity) {
    buf = new byte[Math.max(16, initialCapacity)];
  }

  void writeByte(int b) {
    ensure(1);
    buf[size++] = (byte) b;
  }

  void writeInt(int v) {
    ensure(4);
    for (int shift = 24; shift >= 0; shift -= 8) {
      buf[size++] = (byte) (v >>> shift);
    }
  }

  void writeLong(long v) {
    ensure(8);
    for (int shift = 56; shift >= 0; shift -= 8) {
      buf[size++] = (byte) (v >>> shift);
    }
  }

  /** An unsigned LEB128 varint: 1 byte below 128, at most 5 bytes. */
  void writeVarint(int v) {
    if (v < 0) {
      throw new IllegalArgumentException("negative length: " + v);
    }
    ensure(5);
    while (v >= 0x80) {
      buf[size++] = (byte) (v & 0x7F | 0x80);
      v >>>= 7;
    }
    buf[size++] = (byte) v;
  }

  void writeBytes(byte[] bytes) {
    ensure(bytes.length);
    System.arraycopy(bytes, 0, buf, size, bytes.length);
    size += bytes.length;
  }

  /** A varint length, then the bytes. */
  void writeSized(byte[] bytes) {
    writeVarint(bytes.length);
    writeBytes(bytes);
  }

  byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  private void ensure(int more) {
    if (size + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
    }
  }
}
