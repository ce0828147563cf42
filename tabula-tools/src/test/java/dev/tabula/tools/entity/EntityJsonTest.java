package dev.tabula.tools.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Entities in the service's OData JSON, as query answers carry them and request bodies send them.
 */
class EntityJsonTest {
  private static final JsonFactory JSON = new JsonFactory();

  @Test
  void fullMetadataAnswer_keepsEveryTypeAndTheExactText() throws IOException {
    // The shape of a fullmetadata entity (learn.microsoft.com "Payload format for Table service
    // operations"): metadata first, annotations before their values.
    TransferEntity entity =
        read(
            "{\"odata.type\":\"acct.t\",\"odata.id\":\"x\",\"odata.etag\":\"W/\\\"e\\\"\","
                + "\"odata.editLink\":\"t(PartitionKey='p',RowKey='r')\","
                + "\"PartitionKey\":\"p\",\"RowKey\":\"r\","
                + "\"Timestamp@odata.type\":\"Edm.DateTime\",\"Timestamp\":\"2024-01-02T03:04:05.1234567Z\","
                + "\"S\":\"text\",\"I\":-7,\"B\":false,"
                + "\"D@odata.type\":\"Edm.Double\",\"D\":5.0,"
                + "\"N@odata.type\":\"Edm.Double\",\"N\":\"NaN\","
                + "\"L@odata.type\":\"Edm.Int64\",\"L\":\"-9223372036854775808\","
                + "\"G@odata.type\":\"Edm.Guid\",\"G\":\"a455c695-df98-5678-aaaa-81d3367e5a34\","
                + "\"Y@odata.type\":\"Edm.Binary\",\"Y\":\"AAEC\","
                + "\"T@odata.type\":\"Edm.DateTime\",\"T\":\"1601-01-01T00:00:00.0000001Z\"}");
    assertThat(entity.partitionKey()).isEqualTo("p");
    assertThat(entity.timestamp()).isEqualTo("2024-01-02T03:04:05.1234567Z");
    assertThat(entity.properties())
        .containsExactly(
            new TypedProperty("S", EdmType.STRING, "text"),
            new TypedProperty("I", EdmType.INT32, "-7"),
            new TypedProperty("B", EdmType.BOOLEAN, "false"),
            new TypedProperty("D", EdmType.DOUBLE, "5.0"),
            new TypedProperty("N", EdmType.DOUBLE, "NaN"),
            new TypedProperty("L", EdmType.INT64, "-9223372036854775808"),
            new TypedProperty("G", EdmType.GUID, "a455c695-df98-5678-aaaa-81d3367e5a34"),
            new TypedProperty("Y", EdmType.BINARY, "AAEC"),
            new TypedProperty("T", EdmType.DATE_TIME, "1601-01-01T00:00:00.0000001Z"));
  }

  @Test
  void annotationAfterItsValue_stillTypesIt() throws IOException {
    TransferEntity entity =
        read(
            "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"L\":\"5\",\"L@odata.type\":\"Edm.Int64\"}");
    assertThat(entity.properties()).containsExactly(new TypedProperty("L", EdmType.INT64, "5"));
  }

  @Test
  void unannotatedNumbers_areInt32OrDouble_byTheirForm() throws IOException {
    TransferEntity entity =
        read("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":5,\"b\":5.5,\"c\":1e3,\"n\":null}");
    assertThat(entity.properties())
        .containsExactly(
            new TypedProperty("a", EdmType.INT32, "5"),
            new TypedProperty("b", EdmType.DOUBLE, "5.5"),
            new TypedProperty("c", EdmType.DOUBLE, "1e3"));
  }

  @Test
  void writeThenRead_isTheSameEntity() throws IOException {
    TransferEntity entity =
        new TransferEntity(
            "p'k %",
            "",
            "2024-01-02T03:04:05Z",
            List.of(
                new TypedProperty("D", EdmType.DOUBLE, "-Infinity"),
                new TypedProperty("W", EdmType.DOUBLE, "1.0E300"),
                new TypedProperty("I", EdmType.INT32, "2147483647"),
                new TypedProperty("B", EdmType.BOOLEAN, "true"),
                new TypedProperty("S", EdmType.STRING, "line\nbreak \"quoted\" \uD83D\uDE00"),
                new TypedProperty("L", EdmType.INT64, "9223372036854775807")));
    StringWriter out = new StringWriter();
    try (JsonGenerator json = JSON.createGenerator(out)) {
      EntityJson.write(json, entity, true);
    }
    assertThat(read(out.toString())).isEqualTo(entity);
    assertThat(out.toString()).contains("\"W\":1.0E300").contains("\"D\":\"-Infinity\"");
  }

  @Test
  void notAnEntity_isRefusedWithAReason() {
    assertThatThrownBy(() -> read("{\"RowKey\":\"r\"}")).hasMessageContaining("no PartitionKey");
    assertThatThrownBy(() -> read("{\"PartitionKey\":1,\"RowKey\":\"r\"}"))
        .hasMessageContaining("PartitionKey must be a string");
    assertThatThrownBy(
            () ->
                read(
                    "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"x@odata.type\":\"Edm.Fancy\",\"x\":\"1\"}"))
        .hasMessageContaining("unknown type 'Edm.Fancy'");
    assertThatThrownBy(
            () ->
                read(
                    "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"x@odata.type\":\"Edm.Int32\",\"x\":\"1\"}"))
        .hasMessageContaining("not a JSON value of type Edm.Int32");
    assertThatThrownBy(() -> read("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"x\":[1]}"))
        .hasMessageContaining("not a single value");
  }

  @Test
  void openValues_findsTheValueArrayAfterOtherMembers_orSaysWhatIsMissing() throws IOException {
    try (JsonParser parser =
        JSON.createParser(
            "{\"odata.metadata\":\"m\",\"x\":{\"value\":[]},"
                + "\"value\":[{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}]}")) {
      EntityJson.openValues(parser);
      parser.nextToken();
      assertThat(EntityJson.read(parser).rowKey()).isEqualTo("r");
    }
    assertThatThrownBy(() -> EntityJson.openValues(JSON.createParser("[]")))
        .hasMessage("the query answer is not a JSON object");
    assertThatThrownBy(() -> EntityJson.openValues(JSON.createParser("{\"value\":1}")))
        .hasMessage("the query answer has no value array");
  }

  private static TransferEntity read(String json) throws IOException {
    try (JsonParser parser = JSON.createParser(json)) {
      parser.nextToken();
      return EntityJson.read(parser);
    }
  }
}
