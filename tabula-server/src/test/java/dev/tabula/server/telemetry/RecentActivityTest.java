package dev.tabula.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The ring of one-second buckets on a fake clock. Broken once each to see them fail: slots never
 * reset when reused (oldSeconds_areDropped went red with the old second's counts), 503 not counted
 * as throttled (statuses_areCountedByClass), percentiles read from the wrong end of the histogram
 * (percentiles_ofKnownLatencies), the slot's lock removed (eventLoopsCountingAtOnce_loseNoRequest
 * counted fewer than 2,000,000; at 50,000 a thread it had not, so it runs 500,000).
 */
class RecentActivityTest {
  private static final long START = 1_764_672_000_000L; // a whole second

  private final AtomicLong clock = new AtomicLong(START);
  private final RecentActivity activity = new RecentActivity(clock::get);

  @Test
  void requests_areCountedInTheSecondTheyWereAnsweredIn() {
    answer(200, 1);
    answer(200, 1);
    clock.set(START + 999);
    answer(200, 1);
    clock.set(START + 1000);
    answer(200, 1);

    List<ActivityBucket> buckets = activity.lastSeconds(2, START + 2000);
    assertThat(buckets)
        .extracting(ActivityBucket::startMillis)
        .containsExactly(START, START + 1000);
    assertThat(buckets).extracting(ActivityBucket::requests).containsExactly(3, 1);
  }

  @Test
  void theSecondRunningNow_isNotReportedYet() {
    answer(200, 1);

    List<ActivityBucket> buckets = activity.lastSeconds(3, START + 500);
    assertThat(buckets).hasSize(3);
    assertThat(buckets.get(2).startMillis()).isEqualTo(START - 1000);
    assertThat(buckets).extracting(ActivityBucket::requests).containsOnly(0);
  }

  @Test
  void quietSeconds_haveZeroCountsAndNoPercentiles() {
    ActivityBucket quiet = activity.lastSeconds(1, START).get(0);

    assertThat(quiet.requests()).isZero();
    assertThat(quiet.p50Millis()).isNull();
    assertThat(quiet.p95Millis()).isNull();
    assertThat(quiet.p99Millis()).isNull();
  }

  @Test
  void statuses_areCountedByClass() {
    answer(200, 1);
    answer(204, 1);
    answer(404, 1);
    answer(412, 1);
    answer(500, 1);
    answer(503, 1);
    answer(503, 1);

    ActivityBucket bucket = activity.lastSeconds(1, START + 1000).get(0);
    assertThat(bucket.requests()).isEqualTo(7);
    assertThat(bucket.errors4xx()).isEqualTo(2);
    assertThat(bucket.errors5xx()).isEqualTo(3);
    assertThat(bucket.throttled503()).isEqualTo(2);
  }

  @Test
  void percentiles_ofKnownLatencies() {
    for (int millis = 1; millis <= 100; millis++) {
      answer(200, millis);
    }

    ActivityBucket bucket = activity.lastSeconds(1, START + 1000).get(0);
    // Within the histogram's 12.5% of the nearest-rank values 50, 95 and 99 ms.
    assertThat(bucket.p50Millis()).isCloseTo(50, within(50 * 0.125));
    assertThat(bucket.p95Millis()).isCloseTo(95, within(95 * 0.125));
    assertThat(bucket.p99Millis()).isCloseTo(99, within(99 * 0.125));
    assertThat(bucket.p50Millis()).isLessThan(bucket.p95Millis());
  }

  @Test
  void twoSlowRequestsInAHundred_showInP99NotP50() {
    for (int i = 0; i < 98; i++) {
      answer(200, 1);
    }
    answer(200, 2000);
    answer(200, 2000);

    ActivityBucket bucket = activity.lastSeconds(1, START + 1000).get(0);
    assertThat(bucket.p50Millis()).isCloseTo(1, within(0.125));
    assertThat(bucket.p95Millis()).isCloseTo(1, within(0.125));
    assertThat(bucket.p99Millis()).isCloseTo(2000, within(250.0));
  }

  @Test
  void oldSeconds_areDropped_whenTheirSlotComesRoundAgain() {
    answer(500, 1);
    clock.set(START + (RecentActivity.SECONDS + 1) * 1000L); // the same slot, one ring later
    answer(200, 1);

    long now = clock.get() + 1000;
    List<ActivityBucket> buckets = activity.lastSeconds(RecentActivity.SECONDS, now);
    assertThat(buckets.get(buckets.size() - 1).requests()).isEqualTo(1);
    assertThat(buckets.get(buckets.size() - 1).errors5xx()).isZero();
    assertThat(buckets).extracting(ActivityBucket::requests).containsOnly(0, 1);
    assertThat(buckets.stream().mapToInt(ActivityBucket::requests).sum()).isEqualTo(1);
  }

  @Test
  void secondsOlderThanTheRing_areNotReported_evenIfNoSlotWasReused() {
    answer(200, 1);

    long later = START + (RecentActivity.SECONDS + 5) * 1000L;
    assertThat(activity.lastSeconds(RecentActivity.SECONDS, later))
        .extracting(ActivityBucket::requests)
        .containsOnly(0);
  }

  @Test
  void aClockSteppingBack_neverWipesANewerSecond() {
    clock.set(START + 1000);
    answer(200, 1);
    clock.set(START + 1000 - (RecentActivity.SECONDS + 1) * 1000L); // the same slot, a ring earlier
    answer(200, 1);

    assertThat(activity.lastSeconds(1, START + 2000).get(0).requests()).isEqualTo(1);
  }

  @Test
  void memory_staysBoundedUnderHoursOfLoad() {
    // Ten hours of 50 requests a second at every latency: the ring never grows and reports only
    // its ten minutes.
    for (long second = 0; second < 36_000; second++) {
      clock.set(START + second * 1000);
      for (int i = 0; i < 50; i++) {
        answer(i % 7 == 0 ? 503 : 200, 1L << (i % 40));
      }
    }
    List<ActivityBucket> buckets = activity.lastSeconds(RecentActivity.SECONDS, clock.get() + 1000);

    assertThat(buckets).hasSize(RecentActivity.SECONDS);
    assertThat(buckets).extracting(ActivityBucket::requests).containsOnly(50);
    assertThat(buckets).extracting(ActivityBucket::throttled503).containsOnly(8);
    assertThat(LatencyBins.BINS).isEqualTo(104);
  }

  @Test
  void eventLoopsCountingAtOnce_loseNoRequest() throws Exception {
    int threads = 4;
    int each = 500_000;
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> loops = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int status = t == 0 ? 503 : 200;
      Thread loop =
          new Thread(
              () -> {
                try {
                  go.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
                for (int i = 0; i < each; i++) {
                  answer(status, 1);
                }
              });
      loop.start();
      loops.add(loop);
    }
    go.countDown();
    for (Thread loop : loops) {
      loop.join();
    }

    ActivityBucket bucket = activity.lastSeconds(1, START + 1000).get(0);
    assertThat(bucket.requests()).isEqualTo(threads * each);
    assertThat(bucket.throttled503()).isEqualTo(each);
    assertThat(bucket.p99Millis()).isCloseTo(1, within(0.125));
  }

  @Test
  void askingForMoreThanTenMinutes_isRefused() {
    assertThatThrownBy(() -> activity.lastSeconds(RecentActivity.SECONDS + 1, START))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> activity.lastSeconds(0, START))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private void answer(int status, long millis) {
    activity.answered(
        new AnsweredRequest(
            clock.get(),
            millis * 1_000_000,
            "GET",
            "acct",
            "QueryEntities",
            "Orders",
            "p",
            status,
            status >= 400 ? "SomeError" : null,
            0,
            0,
            "id",
            null,
            true));
  }
}
