package dev.tabula.bench.load;

import java.util.Arrays;

/**
 * Records latencies (nanoseconds) and answers percentiles over all of them, exactly (no
 * histogram buckets: the counts here are at most a few hundred thousand). Thread-safe.
 */
public final class Latencies {
  private long[] values = new long[1024];
  private int size;

  /** Adds one latency. */
  public synchronized void record(long nanos) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = nanos;
  }

  /** How many latencies were recorded. */
  public synchronized int count() {
    return size;
  }

  /**
   * The nearest-rank percentile in milliseconds, or NaN when nothing was recorded.
   *
   * @param percent 0 to 100; 50 is the median
   */
  public synchronized double percentileMillis(double percent) {
    if (size == 0) {
      return Double.NaN;
    }
    long[] sorted = Arrays.copyOf(values, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(percent / 100.0 * size);
    return sorted[Math.max(0, Math.min(size - 1, rank - 1))] / 1e6;
  }
}
