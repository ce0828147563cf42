package dev.tabula.engine.rocksdb;

import dev.tabula.engine.CommitClock;
import dev.tabula.model.EdmDateTimes;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The commit times of one commit round and the feed groups it stages: the first apply with a feed
 * reserves its time with the {@link RocksFeedSequencer}, and {@link #settle} releases it once the
 * round is stored or failed. Used by the lane's thread alone.
 */
final class RocksFeedRound {
  private final RocksFeedSequencer sequencer;
  private final CommitClock clock;
  private long first = -1;
  private long last;
  private final Map<Long, Long> staged = new HashMap<>();

  RocksFeedRound(RocksFeedSequencer sequencer, CommitClock clock) {
    this.sequencer = sequencer;
    this.clock = clock;
  }

  /** The next commit time of the round, for an apply to a table with ({@code feed}) or without. */
  Instant next(boolean feed) {
    Instant time;
    if (feed && first < 0) {
      time = sequencer.reserve();
      first = EdmDateTimes.toTicks(time);
    } else {
      time = clock.next();
    }
    last = EdmDateTimes.toTicks(time);
    return time;
  }

  /** Notes a group staged for {@code tableId} at {@code position}. */
  void staged(long tableId, long position) {
    staged.merge(tableId, position, Math::max);
  }

  /** Whether the round reserved a time, so must settle. */
  boolean reserved() {
    return first >= 0;
  }

  /** Releases the reservation; {@code stored}: whether the round's batch was written. */
  void settle(boolean stored) {
    if (first >= 0) {
      sequencer.release(first, last, stored ? staged : Map.of());
    }
  }
}
