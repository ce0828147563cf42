package dev.tabula.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The histogram layout. Broken once to see it fail: the quarter taken from the wrong bits (every
 * value's bin then missed its bounds in binsCoverEveryValue_inOrder).
 */
class LatencyBinsTest {
  @Test
  void binsCoverEveryValue_inOrder_withinAQuarterOfTheirLowerBound() {
    int previous = 0;
    for (long micros = 0; micros < 1 << 20; micros++) {
      int index = LatencyBins.index(micros);
      assertThat(index).isBetween(previous, previous + 1);
      assertThat(LatencyBins.lowerBound(index)).isLessThanOrEqualTo(micros);
      assertThat(LatencyBins.lowerBound(index + 1)).isGreaterThan(micros);
      previous = index;
    }
    for (int i = 4; i < LatencyBins.BINS; i++) {
      long width = LatencyBins.lowerBound(i + 1) - LatencyBins.lowerBound(i);
      assertThat(width * 4).isLessThanOrEqualTo(LatencyBins.lowerBound(i));
    }
  }

  @Test
  void latenciesOutOfRange_fallInTheEndBins() {
    assertThat(LatencyBins.index(-5)).isZero();
    assertThat(LatencyBins.index(Long.MAX_VALUE)).isEqualTo(LatencyBins.BINS - 1);
    assertThat(LatencyBins.index(LatencyBins.MAX_MICROS)).isEqualTo(LatencyBins.BINS - 1);
  }

  @Test
  void percentile_isTheNearestRank() {
    int[] counts = new int[LatencyBins.BINS];
    counts[LatencyBins.index(1000)] = 90;
    counts[LatencyBins.index(50_000)] = 10;

    assertThat(LatencyBins.percentileMillis(counts, 100, 0.90)).isBetween(0.875, 1.125);
    assertThat(LatencyBins.percentileMillis(counts, 100, 0.91)).isBetween(43.75, 56.25);
  }
}
