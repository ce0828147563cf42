package dev.tabula.bench.coldstart;

import dev.tabula.bench.coldstart.SecondWindows.Window;
import java.util.Arrays;
import java.util.List;

/**
 * What a cold-start run comes to: the warm rate (the median of the last {@value #WARM_WINDOWS}
 * windows) and the first window whose rate reached {@value #REACHED_PERCENT}% of it.
 *
 * @param firstAnswerMillis from the launch to the first correct signed answer
 * @param warmRate operations per second once warm
 * @param secondReached the first window (seconds since the launch) at or above the threshold, or -1
 */
public record ColdStartSummary(long firstAnswerMillis, long warmRate, int secondReached) {
  /** The windows at the end of a run whose median is its warm rate. */
  public static final int WARM_WINDOWS = 10;

  /** The share of the warm rate a window must reach to count as warm. */
  public static final int REACHED_PERCENT = 80;

  /**
   * Summarises {@code windows}, every one of which the load ran through to its end (the partly
   * covered last second left out by the caller).
   */
  public static ColdStartSummary of(long firstAnswerMillis, List<Window> windows) {
    if (windows.size() < WARM_WINDOWS) {
      throw new IllegalArgumentException(
          "need at least " + WARM_WINDOWS + " windows, got " + windows.size());
    }
    long[] last =
        windows.subList(windows.size() - WARM_WINDOWS, windows.size()).stream()
            .mapToLong(Window::operations)
            .sorted()
            .toArray();
    long warm = median(last);
    int reached = -1;
    for (Window w : windows) {
      if (w.operations() * 100 >= warm * REACHED_PERCENT && w.operations() > 0) {
        reached = w.second();
        break;
      }
    }
    return new ColdStartSummary(firstAnswerMillis, warm, reached);
  }

  private static long median(long[] sorted) {
    long[] copy = Arrays.copyOf(sorted, sorted.length);
    Arrays.sort(copy);
    int mid = copy.length / 2;
    return copy.length % 2 == 1 ? copy[mid] : (copy[mid - 1] + copy[mid]) / 2;
  }
}
