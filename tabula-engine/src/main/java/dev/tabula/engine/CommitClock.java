package dev.tabula.engine;

import dev.tabula.model.EdmDateTimes;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Commit times in the service's 100 ns ticks, strictly increasing even when the wall clock stands
 * still or steps back, so every write gets a distinct Timestamp and therefore a distinct ETag.
 */
public final class CommitClock {
  private final Clock wallClock;
  private final AtomicLong lastTicks = new AtomicLong(Long.MIN_VALUE);

  public CommitClock(Clock wallClock) {
    this.wallClock = wallClock;
  }

  /** A clock on the system's UTC time. */
  public static CommitClock system() {
    return new CommitClock(Clock.systemUTC());
  }

  /**
   * The next commit time: the wall clock's, or one tick after the previous one if that is later.
   */
  public Instant next() {
    long now = EdmDateTimes.toTicks(wallClock.instant());
    return EdmDateTimes.fromTicks(lastTicks.updateAndGet(last -> Math.max(now, last + 1)));
  }

  /** Makes later commit times exceed {@code ticks}, for an engine reopening stored data. */
  public void observe(Instant committed) {
    long ticks = EdmDateTimes.toTicks(committed);
    lastTicks.accumulateAndGet(ticks, Math::max);
  }
}
