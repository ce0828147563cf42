package dev.tabula.tools.entity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which lines go to the service as they are, and what is cut out of them. Every line the scanner
 * gives up on is one that {@link EntityJson} converts (a Double written as a string, an Int64 as a
 * bare number) or refuses, so its answer must not be sent unchanged.
 */
class EntityJsonScannerTest {
  private final EntityJsonScanner scanner = new EntityJsonScanner();

  private VerbatimEntity kept(String line) throws IOException {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    VerbatimEntity entity = scanner.scan(bytes, bytes.length);
    assertThat(entity).as(line).isNotNull();
    return entity;
  }

  private static String json(VerbatimEntity entity) {
    return new String(entity.json(), StandardCharsets.UTF_8);
  }

  @Test
  void anExportedLine_losesItsMetadataAndTimestamp_andKeepsEveryOtherByte() throws IOException {
    VerbatimEntity entity =
        kept(
            "{\"odata.etag\":\"W/\\\"datetime'2024'\\\"\",\"PartitionKey\":\"p\\u00e9\","
                + "\"RowKey\":\"r\\\"1\",\"Timestamp@odata.type\":\"Edm.DateTime\","
                + "\"Timestamp\":\"2024-01-02T03:04:05.1234567Z\",\"S\":\"a\\nb\","
                + "\"D@odata.type\":\"Edm.Double\",\"D\":1.50,\"I\":-0,\"B\":true,"
                + "\"L@odata.type\":\"Edm.Int64\",\"L\":\"9223372036854775807\"}");
    assertThat(json(entity))
        .isEqualTo(
            "{\"PartitionKey\":\"p\\u00e9\",\"RowKey\":\"r\\\"1\",\"S\":\"a\\nb\","
                + "\"D@odata.type\":\"Edm.Double\",\"D\":1.50,\"I\":-0,\"B\":true,"
                + "\"L@odata.type\":\"Edm.Int64\",\"L\":\"9223372036854775807\"}");
    assertThat(entity.partitionKey()).isEqualTo("p\u00e9");
    assertThat(entity.rowKey()).isEqualTo("r\"1");
    assertThat(entity.values().timestamp()).isEqualTo("2024-01-02T03:04:05.1234567Z");
    assertThat(entity.values().properties())
        .containsExactly(
            new TypedProperty("S", EdmType.STRING, "a\nb"),
            new TypedProperty("D", EdmType.DOUBLE, "1.50"),
            new TypedProperty("I", EdmType.INT32, "-0"),
            new TypedProperty("B", EdmType.BOOLEAN, "true"),
            new TypedProperty("L", EdmType.INT64, "9223372036854775807"));
  }

  @Test
  void aCutLastMember_takesTheCommaBeforeIt_whateverTheBlanks() throws IOException {
    assertThat(json(kept("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Timestamp\":\"t\"}")))
        .isEqualTo("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}");
    assertThat(
            json(
                kept(
                    "{ \"odata.metadata\" : \"m\" , \"PartitionKey\" : \"p\" ,\t\"RowKey\":\"r\""
                        + " , \"odata.etag\" : \"e\" }")))
        .isEqualTo("{\"PartitionKey\" : \"p\" ,\t\"RowKey\":\"r\"}");
  }

  @Test
  void aLineWithNothingToCut_isKeptByteForByte() throws IOException {
    String line = "{ \"RowKey\" : \"r\", \"PartitionKey\":\"\", \"x\":1e3 , \"y\":\"\\u0000\" }";
    assertThat(json(kept("  " + line + " \r"))).isEqualTo(line);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // converted by the full reading, so not sendable as written:
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"D@odata.type\":\"Edm.Double\",\"D\":\"NaN\"}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"L@odata.type\":\"Edm.Int64\",\"L\":5}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"S@odata.type\":\"Edm.String\",\"S\":\"s\"}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"L\":\"5\",\"L@odata.type\":\"Edm.Int64\"}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"G@odata.type\":\"edm.guid\",\"G\":\"x\"}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"N\":null}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"x\":1,\"x\":2}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"G@odata.type\":\"Edm.Guid\"}",
        "{\"PartitionKey@odata.type\":\"Edm.String\",\"PartitionKey\":\"p\",\"RowKey\":\"r\"}",
        "{\"PartitionKey\":\"p\",\"PartitionKey\":\"q\",\"RowKey\":\"r\"}",
        // refused by the full reading, which says why:
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"o\":{\"a\":1}}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":[1]}",
        "{\"PartitionKey\":1,\"RowKey\":\"r\"}",
        "{\"PartitionKey\":\"p\"}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"} {}",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",}",
        "[{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}]",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"B@odata.type\":\"Edm.Binary\",\"B\":7}",
        "not json"
      })
  void linesTheFullReadingConvertsOrRefuses_areNotKept(String line) throws IOException {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    assertThat(scanner.scan(bytes, bytes.length)).isNull();
  }

  @Test
  void malformedUtf8InAValueItNeverDecodes_isNotKept() throws IOException {
    byte[] bytes =
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"s\":\"a??b\"}".getBytes(StandardCharsets.UTF_8);
    int at = new String(bytes, StandardCharsets.UTF_8).indexOf("??");
    bytes[at] = (byte) 0xC3; // a two-byte sequence's lead ...
    bytes[at + 1] = (byte) 0x28; // ... followed by no continuation byte
    assertThat(scanner.scan(bytes, bytes.length)).isNull();
  }

  @Test
  void aScannerReusedAcrossLines_forgetsTheLastOne() throws IOException {
    kept("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"x@odata.type\":\"Edm.Int64\",\"x\":\"1\"}");
    // The same names again: neither a duplicate nor an annotation after its value.
    VerbatimEntity second =
        kept(
            "{\"PartitionKey\":\"p\",\"RowKey\":\"s\",\"x@odata.type\":\"Edm.Int64\",\"x\":\"2\"}");
    assertThat(second.rowKey()).isEqualTo("s");
  }
}
