package dev.tabula.engine.rocksdb;

import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.CommitClock;
import dev.tabula.model.EdmDateTimes;
import java.time.Instant;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps change-feed reads behind every commit still in flight. Positions are commit ticks, taken in
 * commit order on each lane, but lanes commit in parallel: lane A may take position 5, lane B
 * position 6, and B's batch land first. A reader that read 6 would then never see 5. So a round
 * that stores a feed group takes its first commit time here ({@link #reserve}), which records it as
 * in flight until the round is stored or failed ({@link #release}); a reader reads only up to the
 * {@link #watermark}, below which every position is settled: written, or never to be.
 *
 * <p>The first time is taken under this object's lock, so no later reservation can hold a smaller
 * one; the round's later commit times exceed it. Thread-safe.
 */
final class RocksFeedSequencer {
  private final CommitClock clock;

  /** The first positions of the rounds in flight. */
  private final TreeSet<Long> inFlight = new TreeSet<>();

  /** A position at or above every settled one, below every position still to be taken. */
  private long settled;

  /** Per table, the newest position stored, for the long polls ({@link #readableLatest}). */
  private final Map<Long, Long> newest = new ConcurrentHashMap<>();

  /** Starts after every position stored before: the clock has observed the stored commit mark. */
  RocksFeedSequencer(CommitClock clock) {
    this.clock = clock;
    this.settled = EdmDateTimes.toTicks(clock.next());
  }

  /** The first commit time of a round that will store feed groups; in flight until released. */
  synchronized Instant reserve() {
    Instant time = clock.next();
    inFlight.add(EdmDateTimes.toTicks(time));
    return time;
  }

  /**
   * Settles the round that reserved {@code first}.
   *
   * @param last its last commit time's position
   * @param stored per table, the newest group the round stored; empty when it failed
   */
  void release(long first, long last, Map<Long, Long> stored) {
    stored.forEach((table, position) -> newest.merge(table, position, Math::max));
    synchronized (this) {
      inFlight.remove(first);
      settled = Math.max(settled, last);
    }
  }

  /** The newest position a reader may read now: every one up to it is settled. */
  synchronized long watermark() {
    return inFlight.isEmpty() ? settled : inFlight.first() - 1;
  }

  /**
   * The newest stored position of a table's feed if readable now, else {@link ChangeFeed#OLDEST}.
   */
  long readableLatest(long tableId) {
    Long latest = newest.get(tableId);
    return latest != null && latest <= watermark() ? latest : ChangeFeed.OLDEST;
  }

  /** Forgets a deleted table. */
  void forget(long tableId) {
    newest.remove(tableId);
  }
}
