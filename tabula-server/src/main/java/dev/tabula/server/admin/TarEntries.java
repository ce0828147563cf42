package dev.tabula.server.admin;

import java.nio.charset.StandardCharsets;

/**
 * The headers of a POSIX ustar archive (POSIX.1-1988, {@code pax} in POSIX.1-2001 keeps the
 * format), for the plain files a backup sends: any {@code tar} reads the stream. A file entry is a
 * 512-byte header, the file's bytes, and zeros up to the next multiple of 512; two zero blocks end
 * the archive.
 */
final class TarEntries {
  static final int BLOCK = 512;

  private TarEntries() {}

  /** The header of a regular file {@code name} (ASCII, at most 100 bytes) of {@code size} bytes. */
  static byte[] header(String name, long size, long modifiedSeconds) {
    byte[] nameBytes = name.getBytes(StandardCharsets.US_ASCII);
    if (nameBytes.length > 100 || !name.chars().allMatch(c -> c > ' ' && c < 127)) {
      throw new IllegalArgumentException("not a ustar file name: " + name);
    }
    byte[] h = new byte[BLOCK];
    System.arraycopy(nameBytes, 0, h, 0, nameBytes.length);
    octal(h, 100, 8, 0644); // mode
    octal(h, 108, 8, 0); // uid
    octal(h, 116, 8, 0); // gid
    octal(h, 124, 12, size);
    octal(h, 136, 12, modifiedSeconds);
    h[156] = '0'; // a regular file
    ascii(h, 257, "ustar\0");
    ascii(h, 263, "00");
    // The checksum is taken with its own field as eight spaces, and written as six octal digits,
    // a NUL and a space.
    ascii(h, 148, "        ");
    long sum = 0;
    for (byte b : h) {
      sum += b & 0xff;
    }
    octal(h, 148, 7, sum);
    h[155] = ' ';
    return h;
  }

  /** How many zero bytes follow {@code size} bytes of data to fill its last block. */
  static int padding(long size) {
    return (int) ((BLOCK - size % BLOCK) % BLOCK);
  }

  /** {@code value} in octal, zero-padded, in {@code width - 1} digits and a NUL. */
  private static void octal(byte[] h, int offset, int width, long value) {
    String digits = Long.toOctalString(value);
    if (digits.length() > width - 1) {
      throw new IllegalArgumentException("too large for a ustar header: " + value);
    }
    ascii(h, offset, "0".repeat(width - 1 - digits.length()) + digits);
    h[offset + width - 1] = 0;
  }

  private static void ascii(byte[] h, int offset, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(bytes, 0, h, offset, bytes.length);
  }
}
