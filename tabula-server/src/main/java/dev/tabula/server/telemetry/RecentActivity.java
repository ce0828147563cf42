package dev.tabula.server.telemetry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The requests of the last ten minutes, second by second: how many, how many failed (4xx, 5xx, 503)
 * and their latency percentiles, for the console's live view ({@code GET /console/api/activity}).
 * Prometheus keeps the long history from {@code /metrics}; this is what a developer watching a test
 * run wants at a glance, with nothing else installed.
 *
 * <p>Memory is fixed whatever the load: a ring of {@link #SECONDS} + 1 one-second slots (the ten
 * minutes reported, and the second running now), each a few counters and a {@link LatencyBins}
 * histogram of 104 ints, all made up front (about 300 KB). A slot is reused when its second comes
 * round again, so older seconds are dropped by being overwritten, with no timer.
 *
 * <p>Thread-safe and cheap on the event loops that call {@link #answered}: one short lock on the
 * slot of the second running now, held for a few increments (no allocation, no hashing), so its
 * contention is never worse than {@link HotPartitions}', which every request also takes.
 */
public final class RecentActivity implements RequestListener {
  /** How many whole seconds are kept: ten minutes. */
  public static final int SECONDS = 600;

  private static final long SECOND_MILLIS = 1000;

  private final LongSupplier clock;
  private final Slot[] ring = new Slot[SECONDS + 1];

  /** Counts on the system clock. */
  public RecentActivity() {
    this(System::currentTimeMillis);
  }

  /**
   * @param clock the time now, in milliseconds since the epoch (a fake one in tests)
   */
  RecentActivity(LongSupplier clock) {
    this.clock = clock;
    for (int i = 0; i < ring.length; i++) {
      ring[i] = new Slot();
    }
  }

  /** The time now on this activity's clock, in milliseconds since the epoch. */
  public long now() {
    return clock.getAsLong();
  }

  @Override
  public void answered(AnsweredRequest request) {
    // Counted in the second it was answered in, so a second already reported (the ones before
    // now) is seldom changed afterwards.
    long second = Math.floorDiv(clock.getAsLong(), SECOND_MILLIS);
    slotOf(second).count(second, request.status(), request.durationNanos() / 1000);
  }

  /**
   * The {@code seconds} whole seconds before the one running at {@code nowMillis}, oldest first:
   * one bucket each, a quiet one for a second with no request.
   *
   * @param seconds 1 to {@link #SECONDS}
   */
  public List<ActivityBucket> lastSeconds(int seconds, long nowMillis) {
    if (seconds < 1 || seconds > SECONDS) {
      throw new IllegalArgumentException("seconds must be 1.." + SECONDS + ": " + seconds);
    }
    long current = Math.floorDiv(nowMillis, SECOND_MILLIS);
    List<ActivityBucket> buckets = new ArrayList<>(seconds);
    int[] bins = new int[LatencyBins.BINS];
    for (long second = current - seconds; second < current; second++) {
      buckets.add(slotOf(second).read(second, bins));
    }
    return buckets;
  }

  private Slot slotOf(long second) {
    return ring[(int) Math.floorMod(second, (long) ring.length)];
  }

  /** One second's counts; guarded by its own lock. */
  private static final class Slot {
    private long second = Long.MIN_VALUE;
    private int requests;
    private int errors4xx;
    private int errors5xx;
    private int throttled503;
    private final int[] latencies = new int[LatencyBins.BINS];

    synchronized void count(long at, int status, long micros) {
      if (at != second) {
        if (at < second) {
          return; // a clock stepped back past a whole ring: too old to show
        }
        second = at;
        requests = 0;
        errors4xx = 0;
        errors5xx = 0;
        throttled503 = 0;
        Arrays.fill(latencies, 0);
      }
      requests++;
      if (status >= 400 && status < 500) {
        errors4xx++;
      } else if (status >= 500) {
        errors5xx++;
        if (status == 503) {
          throttled503++;
        }
      }
      latencies[LatencyBins.index(micros)]++;
    }

    /** The bucket of second {@code at}, using {@code bins} as scratch space. */
    ActivityBucket read(long at, int[] bins) {
      long startMillis = at * SECOND_MILLIS;
      int total;
      int bad4xx;
      int bad5xx;
      int busy;
      synchronized (this) {
        if (second != at || requests == 0) {
          return ActivityBucket.quiet(startMillis); // never counted, or overwritten since
        }
        total = requests;
        bad4xx = errors4xx;
        bad5xx = errors5xx;
        busy = throttled503;
        System.arraycopy(latencies, 0, bins, 0, bins.length);
      }
      return new ActivityBucket(
          startMillis,
          total,
          bad4xx,
          bad5xx,
          busy,
          LatencyBins.percentileMillis(bins, total, 0.50),
          LatencyBins.percentileMillis(bins, total, 0.95),
          LatencyBins.percentileMillis(bins, total, 0.99));
    }
  }
}
