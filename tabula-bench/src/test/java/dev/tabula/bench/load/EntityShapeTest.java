package dev.tabula.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
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
    String feed =
        "{\"odata.metadata\":\"x\",\"value\":["
            + "{\"PartitionKey\":\"a\",\"RowKey\":\"2\",\"Color\":\"Green\",\"n\":{\"x\":1}},"
            + "{\"PartitionKey\":\"a\",\"RowKey\":\"1\",\"Color\":\"Red\"}]}";

    FeedSummary summary =
        new FeedReader("Color", "Green").read(feed.getBytes(StandardCharsets.UTF_8));

    assertThat(summary.count()).isEqualTo(2);
    assertThat(summary.mismatches()).isEqualTo(1);
    assertThat(summary.disorder()).isEqualTo(1);
    assertThat(summary.first()).isEqualTo(new RowId("a", "2"));
  }

  @Test
  void properties_areConfigurable_colorAndPaddingKept() {
    EntityShape three = new EntityShape(1, 1, 300, 3);
    EntityShape twelve = new EntityShape(1, 1, 1024, 12);

    String small = new String(three.json("a", "b", 6), StandardCharsets.UTF_8);
    String wide = new String(twelve.json("a", "b", 6), StandardCharsets.UTF_8);

    assertThat(small)
        .contains("\"Color\":\"Green\"", "\"Price\":", "\"Description\":")
        .doesNotContain("Quantity");
    assertThat(small).hasSize(300);
    assertThat(wide)
        .contains("\"Category\":", "\"Extra10\":", "\"Extra11\":")
        .doesNotContain("Extra12");
    assertThat(wide).hasSize(1024);
  }

  @Test
  void sizes_labelRoundNumbers() {
    assertThat(Sizes.label(10_000)).isEqualTo("10k");
    assertThat(Sizes.label(1_000_000)).isEqualTo("1M");
    assertThat(Sizes.label(1_500)).isEqualTo("1500");
  }

  @Test
  void batchResponse_countsSucceededParts() {
    String body = "--b\r\nHTTP/1.1 204 No Content\r\n\r\n--b\r\nHTTP/1.1 201 Created\r\n--b--";

    assertThat(BatchBody.succeededParts(body.getBytes(StandardCharsets.ISO_8859_1))).isEqualTo(2);
  }
}
