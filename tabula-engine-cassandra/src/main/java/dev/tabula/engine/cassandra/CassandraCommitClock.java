package dev.tabula.engine.cassandra;

import dev.tabula.engine.CommitClock;
import dev.tabula.model.EdmDateTimes;
import java.time.Clock;
import java.time.Instant;

/**
 * Commit times that keep increasing across restarts, even when the wall clock steps back, and
 * exceed the Timestamp of every row an apply replaces, even when servers' clocks disagree.
 *
 * <p>The engine reserves commit times ahead in the {@code sequences} table: before it hands out a
 * time at or past the stored floor, it raises the floor one second beyond it. An engine opening
 * later starts above the floor, so above every time handed out before. That costs one
 * compare-and-set per second of commits, not one per commit. Thread-safe.
 */
final class CassandraCommitClock {
  private static final String FLOOR = "commit_clock_floor";
  private static final long RESERVE_TICKS = 10_000_000L; // one second of 100 ns ticks

  private final CommitClock clock;
  private final CassandraSequences sequences;
  private long floorTicks;

  CassandraCommitClock(Clock wallClock, CassandraSequences sequences) {
    this.clock = new CommitClock(wallClock);
    this.sequences = sequences;
    this.floorTicks = sequences.current(FLOOR);
    if (floorTicks > 0) {
      clock.observe(EdmDateTimes.fromTicks(floorTicks));
    }
  }

  /** The next commit time, later than {@code replaced} (the Timestamps the commit overwrites). */
  synchronized Instant next(Iterable<Instant> replaced) {
    replaced.forEach(clock::observe);
    Instant next = clock.next();
    long ticks = EdmDateTimes.toTicks(next);
    if (ticks >= floorTicks) {
      long floor = ticks + RESERVE_TICKS;
      sequences.raiseTo(FLOOR, floor);
      floorTicks = floor; // only once stored: after a failed raise, the next commit tries again
    }
    return next;
  }
}
