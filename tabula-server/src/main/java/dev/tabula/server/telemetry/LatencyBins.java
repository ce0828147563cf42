package dev.tabula.server.telemetry;

/**
 * A fixed log-scale histogram layout for request latencies, small enough to keep one per second for
 * ten minutes: {@link #BINS} bins over 0 to {@link #MAX_MICROS} microseconds, four bins per power
 * of two (as HdrHistogram's sub-buckets, without its memory: 104 ints a histogram). A latency is
 * put in its bin with a few bit operations, no logarithm, and a percentile is read back as the
 * middle of its bin, within 12.5% of the true value (a bin is at most a quarter of its lower bound
 * wide). Latencies of 134 s or more share the last bin.
 */
final class LatencyBins {
  /** The longest latency told apart from longer ones, in microseconds (about 134 s). */
  static final long MAX_MICROS = (1L << 27) - 1;

  /** How many bins a histogram has: values 0..3 one each, then four per power of two up to 2^27. */
  static final int BINS = index(MAX_MICROS) + 1;

  private LatencyBins() {}

  /** The bin of a latency of {@code micros} microseconds (negative is read as 0). */
  static int index(long micros) {
    long value = Math.min(Math.max(micros, 0), MAX_MICROS);
    if (value < 4) {
      return (int) value;
    }
    int exponent = 63 - Long.numberOfLeadingZeros(value); // value is in [2^e, 2^(e+1))
    int quarter = (int) (value >>> (exponent - 2)) & 3; // the next two bits
    return (exponent - 1) * 4 + quarter;
  }

  /** The smallest latency, in microseconds, that falls in bin {@code index}. */
  static long lowerBound(int index) {
    if (index < 4) {
      return index;
    }
    int exponent = index / 4 + 1;
    return (4L + index % 4) << (exponent - 2);
  }

  /** The latency a bin stands for when read back: the middle of its range, in microseconds. */
  static double middle(int index) {
    long width = lowerBound(index + 1) - lowerBound(index);
    return lowerBound(index) + (width - 1) / 2.0;
  }

  /**
   * The latency under which a fraction {@code p} of the counted ones fall (the nearest-rank
   * percentile), in milliseconds, read from {@code counts} (one count per bin).
   *
   * @param total the sum of {@code counts}, more than 0
   * @param p in (0, 1]
   */
  static double percentileMillis(int[] counts, long total, double p) {
    long rank = Math.max(1, (long) Math.ceil(p * total));
    long seen = 0;
    for (int i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen >= rank) {
        return middle(i) / 1000.0;
      }
    }
    return middle(counts.length - 1) / 1000.0;
  }
}
