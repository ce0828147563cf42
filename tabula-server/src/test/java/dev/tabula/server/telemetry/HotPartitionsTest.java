package dev.tabula.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.server.telemetry.HotPartitions.HotPartition;
import dev.tabula.server.telemetry.HotPartitions.TablePartition;
import java.util.List;
import org.junit.jupiter.api.Test;

class HotPartitionsTest {
  private static final TablePartition HOT = new TablePartition("acct", "Orders", "hot");

  @Test
  void millionsOfDistinctPartitions_holdBoundedMemoryAndStillFindTheHotOne() {
    HotPartitions partitions = new HotPartitions(10);
    int hotRequests = 0;
    for (int i = 0; i < 3_000_000; i++) {
      partitions.count(new TablePartition("acct", "Orders", "p" + i));
      if (i % 20 == 0) {
        partitions.count(HOT);
        hotRequests++;
      }
    }

    assertThat(partitions.keysHeld()).isLessThanOrEqualTo(partitions.trackedKeys());
    HotPartition first = partitions.top(1).get(0);
    assertThat(first.partition()).isEqualTo(HOT);
    // The sketch never undercounts, and overcounts by at most its stated error.
    assertThat(first.requests()).isBetween((long) hotRequests, hotRequests + first.maxError());
    assertThat(first.maxError()).isLessThan(hotRequests / 10);
  }

  @Test
  void fewPartitions_areCountedExactlyHottestFirst() {
    HotPartitions partitions = new HotPartitions(2);
    count(partitions, "a", 3);
    count(partitions, "b", 7);
    count(partitions, "c", 5);

    assertThat(partitions.top())
        .containsExactly(
            new HotPartition(new TablePartition("acct", "Orders", "b"), 7, 0),
            new HotPartition(new TablePartition("acct", "Orders", "c"), 5, 0));
  }

  @Test
  void aPartitionLeavesTheList_twoWindowsAfterItsLastRequest() {
    HotPartitions partitions = new HotPartitions(10);
    count(partitions, "old", 4);
    partitions.rotate();
    count(partitions, "new", 1);

    assertThat(partitions.top()).extracting(h -> h.partition().partitionKey()).contains("old");
    partitions.rotate();
    List<HotPartition> top = partitions.top();
    assertThat(top).extracting(h -> h.partition().partitionKey()).containsExactly("new");
  }

  @Test
  void requestsNamingNoPartition_areNotCounted() {
    HotPartitions partitions = new HotPartitions(10);
    partitions.answered(answered("Orders", null));
    partitions.answered(answered(null, "p"));
    partitions.answered(answered("Orders", "p"));

    assertThat(partitions.top())
        .containsExactly(new HotPartition(new TablePartition("acct", "Orders", "p"), 1, 0));
  }

  @Test
  void aLongPartitionKey_isCutInItsLabel_andTwoCutKeysStayApart() {
    String a = "k".repeat(1000) + "a";
    String b = "k".repeat(1000) + "b";

    assertThat(HotPartitionGauges.label("short")).isEqualTo("short");
    assertThat(HotPartitionGauges.label(a)).hasSizeLessThanOrEqualTo(128).startsWith("kkk");
    assertThat(HotPartitionGauges.label(a)).isNotEqualTo(HotPartitionGauges.label(b));
  }

  private static void count(HotPartitions partitions, String partitionKey, int times) {
    for (int i = 0; i < times; i++) {
      partitions.count(new TablePartition("acct", "Orders", partitionKey));
    }
  }

  private static AnsweredRequest answered(String table, String partitionKey) {
    return new AnsweredRequest(
        0, 0, "GET", "acct", "QueryEntity", table, partitionKey, 200, null, 0, 0, "id", null, true);
  }
}
