package dev.tabula.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class EntityShapeTest {

  @Test
  void standard_isAHundredPartitionsOfKibEntities_aFifthGreen() {
    EntityShape shape = EntityShape.standard(100_000);

    assertThat(shape.partitions()).isEqualTo(100);
    assertThat(shape.rowsPerPartition()).isEqualTo(1000);
    assertThat(shape.countWithColor("Green")).isEqualTo(20_000);
    assertThat(shape.json(42, 123)).hasSize(1024);
    assertThat(new String(shape.json(42, 123), StandardCharsets.UTF_8))
        .startsWith("{\"PartitionKey\":\"p042\",\"RowKey\":\"0000000123\",\"Color\":\"Yellow\"");
  }

  @Test
  void feedReader_countsChecksAndOrders() {
    String feed = "{\"odata.metadata\":\"x\",\"value\":["
        + "{\"PartitionKey\":\"a\",\"RowKey\":\"2\",\"Color\":\"Green\",\"n\":{\"x\":1}},"
        + "{\"PartitionKey\":\"a\",\"RowKey\":\"1\",\"Color\":\"Red\"}]}";

    FeedSummary summary = new FeedReader("Color", "Green").read(feed.getBytes(StandardCharsets.UTF_8));

    assertThat(summary.count()).isEqualTo(2);
    assertThat(summary.mismatches()).isEqualTo(1);
    assertThat(summary.disorder()).isEqualTo(1);
    assertThat(summary.first()).isEqualTo(new RowId("a", "2"));
  }

  @Test
  void latencies_nearestRankPercentiles() {
    Latencies latencies = new Latencies();
    List.of(5L, 1L, 4L, 2L, 3L).forEach(ms -> latencies.record(ms * 1_000_000));

    assertThat(latencies.percentileMillis(50)).isEqualTo(3.0);
    assertThat(latencies.percentileMillis(99)).isEqualTo(5.0);
  }

  @Test
  void batchResponse_countsSucceededParts() {
    String body = "--b\r\nHTTP/1.1 204 No Content\r\n\r\n--b\r\nHTTP/1.1 201 Created\r\n--b--";

    assertThat(BatchBody.succeededParts(body.getBytes(StandardCharsets.ISO_8859_1))).isEqualTo(2);
  }
}
