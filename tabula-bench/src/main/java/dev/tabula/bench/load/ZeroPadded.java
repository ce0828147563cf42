package dev.tabula.bench.load;

/**
 * Non-negative decimal numbers left-padded with zeros to a width, as {@code String.format("%0Nd")}
 * writes them (wider numbers are written whole). The load writes several per request, and {@code
 * String.format} parses its pattern and looks up locale symbols each time: that was a fifth of the
 * load client's CPU, taken from the server under test on a shared machine.
 */
final class ZeroPadded {
  private ZeroPadded() {}

  /** {@code value} padded to {@code width} digits. */
  static String of(long value, int width) {
    return append(new StringBuilder(Math.max(width, 20)), value, width).toString();
  }

  /** {@code prefix} followed by {@code value} padded to {@code width} digits. */
  static String of(String prefix, long value, int width) {
    return append(
            new StringBuilder(prefix.length() + Math.max(width, 20)).append(prefix), value, width)
        .toString();
  }

  /** Appends {@code value} padded to {@code width} digits to {@code to}, and returns {@code to}. */
  static StringBuilder append(StringBuilder to, long value, int width) {
    if (value < 0) {
      throw new IllegalArgumentException("negative: " + value);
    }
    for (int zeros = width - digits(value); zeros > 0; zeros--) {
      to.append('0');
    }
    return to.append(value);
  }

  private static int digits(long value) {
    int digits = 1;
    for (long rest = value / 10; rest > 0; rest /= 10) {
      digits++;
    }
    return digits;
  }
}
