package dev.tabula.bench.coldstart;

import dev.tabula.bench.load.CompletionListener;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The operations completed in each one-second window since a start instant (a server's launch):
 * their count and latencies, window {@code i} holding those that completed in {@code [i s, i+1 s)}
 * after the start. Operations completing past the last window are dropped. Thread-safe: the load
 * client's workers feed it at once.
 */
public final class SecondWindows implements CompletionListener {
  private static final long SECOND = 1_000_000_000L;

  private final long startNanos;
  private final Histogram[] windows;

  /** Windows from {@code startNanos} ({@link System#nanoTime()}) for {@code seconds} seconds. */
  public SecondWindows(long startNanos, int seconds) {
    this.startNanos = startNanos;
    this.windows = new Histogram[seconds];
    for (int i = 0; i < seconds; i++) {
      windows[i] = new ConcurrentHistogram(3);
    }
  }

  @Override
  public void completed(long endNanos, long elapsedNanos) {
    long since = endNanos - startNanos;
    if (since < 0) {
      return;
    }
    long index = since / SECOND;
    if (index < windows.length) {
      windows[(int) index].recordValue(Math.max(1, elapsedNanos / 1000));
    }
  }

  /** The first {@code count} windows as they stand (count at most the windows kept). */
  public List<Window> first(int count) {
    List<Window> out = new ArrayList<>(count);
    for (int i = 0; i < Math.min(count, windows.length); i++) {
      Histogram h = windows[i].copy();
      long ops = h.getTotalCount();
      out.add(new Window(i, ops, ops == 0 ? 0 : h.getValueAtPercentile(50)));
    }
    return out;
  }

  /**
   * One second of a run.
   *
   * @param second the window's start, in whole seconds since the launch
   * @param operations the operations completed in it (its rate, per second)
   * @param p50Micros their median latency, 0 when there were none
   */
  public record Window(int second, long operations, long p50Micros) {}
}
