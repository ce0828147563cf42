package dev.tabula.engine;

import dev.tabula.model.EdmDateTimes;
import java.time.Clock;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The retention rule every engine's {@link ChangeFeed#read} shares. Positions are commit times in
 * ticks, so the retention's cutoff is a position: groups below it are expired, whether or not the
 * engine has deleted them yet.
 */
public final class FeedRetention {
  private FeedRetention() {}

  /** The first position still retained at {@code clock}'s now; every position without one. */
  public static long cutoff(Clock clock, @Nullable Duration retention) {
    if (retention == null) {
      return Long.MIN_VALUE;
    }
    return EdmDateTimes.toTicks(clock.instant().minus(retention));
  }

  /**
   * Whether a reader after {@code after} has lost changes: a group after it was deleted ({@code
   * removedUpTo}, the newest position the engine deleted, is past it) or has expired ({@code
   * firstAfter}, the first position after it, or {@code Long.MAX_VALUE} for none, is below the
   * cutoff). A reader starting at {@link ChangeFeed#OLDEST} never has.
   */
  public static boolean lost(long after, long removedUpTo, long firstAfter, long cutoff) {
    return after != ChangeFeed.OLDEST && (removedUpTo > after || firstAfter < cutoff);
  }
}
