package dev.tabula.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The live view's JSON. Broken once to see it fail: a quiet bucket written with 0 instead of null
 * percentiles (quietSeconds_haveNullPercentiles went red).
 */
class ActivityReportTest {
  private static final long START = 1_764_672_000_000L;

  private final AtomicLong clock = new AtomicLong(START);
  private final RecentActivity activity = new RecentActivity(clock::get);
  private final HotPartitions partitions = new HotPartitions(10);
  private final ActivityReport report = new ActivityReport(activity, partitions);

  @Test
  void buckets_coverTheMinutesAsked_oldestFirst() throws Exception {
    answer("hot", 200, 3);
    clock.set(START + 1500);

    Map<String, @Nullable Object> json = JsonValues.object(report.json(2));
    assertThat(json).containsEntry("now", START + 1500).containsEntry("bucketMillis", 1000L);
    List<Map<String, @Nullable Object>> buckets = list(json, "buckets");
    assertThat(buckets).hasSize(120);
    Map<String, @Nullable Object> last = buckets.get(119);
    assertThat(last)
        .containsEntry("t", START)
        .containsEntry("requests", 1L)
        .containsEntry("errors4xx", 0L)
        .containsEntry("errors5xx", 0L)
        .containsEntry("throttled503", 0L);
    assertThat((Double) last.get("p50ms")).isBetween(2.625, 3.375);
    assertThat(last.get("p95ms")).isInstanceOf(Double.class);
    assertThat(last.get("p99ms")).isInstanceOf(Double.class);
    assertThat(buckets.get(0)).containsEntry("t", START - 119_000);
  }

  @Test
  void quietSeconds_haveNullPercentiles() throws Exception {
    Map<String, @Nullable Object> first = list(JsonValues.object(report.json(1)), "buckets").get(0);

    assertThat(first)
        .containsEntry("requests", 0L)
        .containsEntry("p50ms", null)
        .containsEntry("p95ms", null)
        .containsEntry("p99ms", null);
  }

  @Test
  void hotPartitions_areListedHottestFirst() throws Exception {
    for (int i = 0; i < 200; i++) {
      answer("hot", 200, 1);
    }
    answer("cool", 404, 1);

    List<Map<String, @Nullable Object>> hot =
        list(JsonValues.object(report.json(1)), "hotPartitions");
    assertThat(hot).hasSize(2);
    assertThat(hot.get(0))
        .containsEntry("account", "acct")
        .containsEntry("table", "Orders")
        .containsEntry("partitionKey", "hot")
        .containsEntry("requests", 200L)
        .containsEntry("maxError", 0L);
    assertThat(hot.get(1)).containsEntry("partitionKey", "cool");
  }

  @Test
  void minutes_defaultToFive_andMustBeOneToTen() {
    assertThat(ActivityReport.minutes(null)).isEqualTo(5);
    assertThat(ActivityReport.minutes("")).isEqualTo(5);
    assertThat(ActivityReport.minutes("1")).isEqualTo(1);
    assertThat(ActivityReport.minutes("10")).isEqualTo(10);
    for (String wrong : new String[] {"0", "11", "-1", "2.5", "five", "99999999999"}) {
      assertThatThrownBy(() -> ActivityReport.minutes(wrong))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("1 to 10");
    }
  }

  @Test
  void tenMinutesOfBuckets_stayASmallAnswer() {
    assertThat(report.json(10).length).isLessThan(100_000);
  }

  private void answer(String partitionKey, int status, long millis) {
    AnsweredRequest request =
        new AnsweredRequest(
            clock.get(),
            millis * 1_000_000,
            "GET",
            "acct",
            "QueryEntities",
            "Orders",
            partitionKey,
            status,
            null,
            0,
            0,
            "id",
            null,
            true);
    activity.answered(request);
    partitions.answered(request);
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, @Nullable Object>> list(
      Map<String, @Nullable Object> json, String name) {
    return (List<Map<String, @Nullable Object>>) json.get(name);
  }
}
