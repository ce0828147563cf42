package dev.tabula.core.ttl;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs an {@link ExpirySweep} on a thread of its own ({@code tabula-ttl-sweep}), one pass every
 * {@code interval} after the previous one ends, so passes never overlap and a slow pass delays the
 * next rather than piling up. A failed pass is reported and the next one starts over. One per
 * server. Thread-safe.
 */
public final class ExpirySweeper implements AutoCloseable {
  private final ExpirySweep sweep;
  private final ScheduledExecutorService thread;

  private ExpirySweeper(ExpirySweep sweep, ScheduledExecutorService thread) {
    this.sweep = sweep;
    this.thread = thread;
  }

  /**
   * Starts sweeping every {@code interval}, the first pass one interval from now.
   *
   * @param onFailure told of a pass's failure (on the sweeper's thread)
   */
  public static ExpirySweeper start(
      ExpirySweep sweep, Duration interval, Consumer<RuntimeException> onFailure) {
    Objects.requireNonNull(onFailure, "onFailure");
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval must be positive: " + interval);
    }
    ScheduledExecutorService thread =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread t = new Thread(task, "tabula-ttl-sweep");
              t.setDaemon(true);
              t.setPriority(Thread.MIN_PRIORITY);
              return t;
            });
    long nanos = interval.toNanos();
    thread.scheduleWithFixedDelay(
        () -> {
          try {
            sweep.run();
          } catch (RuntimeException failure) {
            onFailure.accept(failure);
          }
        },
        nanos,
        nanos,
        TimeUnit.NANOSECONDS);
    return new ExpirySweeper(Objects.requireNonNull(sweep, "sweep"), thread);
  }

  /** Entities reclaimed so far. */
  public long reclaimed() {
    return sweep.reclaimed();
  }

  /** Stops sweeping: a pass under way is interrupted and waited for (a few seconds at most). */
  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
