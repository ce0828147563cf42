package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertErrorWithSomeCode;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Entity JSON as other clients write it: nulls, explicit annotations, odd but valid forms. */
@OnEveryEngine
class EntityPayloadContract extends ConformanceBase {

  @Test
  void merge_withANullValue_leavesThePropertyAsItWas() {
    TableClient table = tableWith("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":1,\"b\":2}");

    RawResponse merge =
        raw.patch(entity(table)).header("If-Match", "*").json("{\"a\":null,\"b\":3}").send();

    assertThat(merge.status()).as(merge.toString()).isEqualTo(204);
    assertThat(table.getEntity("p", "r").getProperties())
        .containsEntry("a", 1)
        .containsEntry("b", 3);
  }

  @Test
  void replace_withANullValue_dropsTheProperty() {
    TableClient table = tableWith("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":1,\"b\":2}");

    RawResponse put =
        raw.put(entity(table)).header("If-Match", "*").json("{\"a\":null,\"b\":3}").send();

    assertThat(put.status()).as(put.toString()).isEqualTo(204);
    assertThat(table.getEntity("p", "r").getProperties())
        .doesNotContainKey("a")
        .containsEntry("b", 3);
  }

  @Test
  void insert_withANullValue_doesNotStoreTheProperty() {
    TableClient table = tableWith("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":null,\"b\":2}");

    JsonNode e = raw.get(entity(table)).send().json();

    assertThat(e.has("a")).isFalse();
    assertThat(e.path("b").asInt()).isEqualTo(2);
  }

  @Test
  void explicitEdmStringAnnotation_isAccepted() {
    // Python sends "Edm.String" annotations; the value is an ordinary string.
    TableClient table =
        tableWith(
            "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"s\":\"x\",\"s@odata.type\":\"Edm.String\"}");

    assertThat(table.getEntity("p", "r").getProperty("s")).isEqualTo("x");
  }

  @Test
  void explicitAnnotationsForInferableTypes_areAccepted() {
    TableClient table =
        tableWith(
            "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"i\":5,\"i@odata.type\":\"Edm.Int32\","
                + "\"b\":true,\"b@odata.type\":\"Edm.Boolean\",\"d\":5,\"d@odata.type\":\"Edm.Double\"}");

    Map<String, Object> p = table.getEntity("p", "r").getProperties();
    assertThat(p.get("i")).isEqualTo(5);
    assertThat(p.get("b")).isEqualTo(true);
    // An integer-looking number annotated Edm.Double is a Double.
    assertThat(p.get("d")).isInstanceOf(Double.class).isEqualTo(5.0);
  }

  @Test
  void dateTimeWithoutZone_isTakenAsUtc() {
    TableClient table =
        tableWith(
            "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"t\":\"2024-01-02T03:04:05\",\"t@odata.type\":\"Edm.DateTime\"}");

    assertThat(table.getEntity("p", "r").getProperty("t"))
        .isEqualTo(OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC));
  }

  @Test
  void dateTimeWithAnOffset_isStoredAsTheSameInstantInUtc() {
    TableClient table =
        tableWith(
            "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"t\":\"2024-01-02T05:04:05+02:00\",\"t@odata.type\":\"Edm.DateTime\"}");

    JsonNode e = raw.get(entity(table)).send().json();

    assertThat(e.path("t").asText()).isEqualTo("2024-01-02T03:04:05Z");
  }

  @Test
  void wholeSecondDateTime_isRenderedWithoutAFraction() {
    TableClient table =
        tableWith(
            "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"t\":\"2020-09-17T00:00:00.0000000Z\",\"t@odata.type\":\"Edm.DateTime\","
                + "\"u\":\"2020-09-17T00:00:00.9999900Z\",\"u@odata.type\":\"Edm.DateTime\"}");

    JsonNode e = raw.get(entity(table)).send().json();

    // The service trims trailing fractional zeros.
    assertThat(e.path("t").asText()).isEqualTo("2020-09-17T00:00:00Z");
    assertThat(e.path("u").asText()).isEqualTo("2020-09-17T00:00:00.99999Z");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "\"n\":\"abc\",\"n@odata.type\":\"Edm.Int64\"",
        "\"n\":\"12x\",\"n@odata.type\":\"Edm.Int32\"",
        "\"g\":\"not-a-guid\",\"g@odata.type\":\"Edm.Guid\"",
        "\"t\":\"yesterday\",\"t@odata.type\":\"Edm.DateTime\"",
        "\"b\":\"***\",\"b@odata.type\":\"Edm.Binary\"",
        "\"x\":1,\"x@odata.type\":\"Edm.Unknown\"",
        "\"o\":{\"nested\":1}",
        "\"arr\":[1,2]"
      })
  void valueThatDoesNotMatchItsType_returns400(String property) {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table).json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"," + property + "}").send();

    assertErrorWithSomeCode(response, 400);
  }

  @Test
  void nonStringKey_returns400() {
    String table = newTable().getTableName();

    assertErrorWithSomeCode(
        raw.post(table).json("{\"PartitionKey\":1,\"RowKey\":\"r\"}").send(), 400);
    assertErrorWithSomeCode(
        raw.post(table).json("{\"PartitionKey\":\"p\",\"RowKey\":true}").send(), 400);
  }

  @Test
  void duplicateProperty_returns400DuplicatePropertiesSpecified() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table).json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":1,\"a\":2}").send();

    assertError(response, 400, "DuplicatePropertiesSpecified");
  }

  @Test
  void string_isLimitedInUtf16CodeUnits() {
    TableClient table = newTable();
    String emoji = "😀"; // two UTF-16 code units
    String max = emoji.repeat(16_384);

    table.createEntity(new TableEntity("p", "ok").addProperty("s", max));
    assertThat(table.getEntity("p", "ok").getProperty("s")).isEqualTo(max);

    assertServiceError(
        400,
        "PropertyValueTooLarge",
        () -> table.createEntity(new TableEntity("p", "big").addProperty("s", max + emoji)));
  }

  @Test
  void keysInBodyOfUpdate_mustMatchTheUrl_orBeIgnored() {
    TableClient table = tableWith("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":1}");

    RawResponse response =
        raw.put(entity(table))
            .header("If-Match", "*")
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"other\",\"a\":2}")
            .send();

    // Either refused, or applied to the entity the URL names: never to the body's key.
    if (response.status() == 204) {
      assertThat(table.getEntity("p", "r").getProperty("a")).isEqualTo(2);
    } else {
      assertThat(response.status()).isEqualTo(400);
    }
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", "other"));
  }

  @Test
  void timestampSentInAMerge_isIgnored() {
    TableClient table = tableWith("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":1}");
    OffsetDateTime before = table.getEntity("p", "r").getTimestamp();

    RawResponse merge =
        raw.patch(entity(table))
            .header("If-Match", "*")
            .json(
                "{\"Timestamp\":\"2000-01-01T00:00:00Z\",\"Timestamp@odata.type\":\"Edm.DateTime\",\"a\":2}")
            .send();

    assertThat(merge.status()).as(merge.toString()).isEqualTo(204);
    assertThat(table.getEntity("p", "r").getTimestamp()).isAfter(before);
  }

  private TableClient tableWith(String json) {
    TableClient table = newTable();
    RawResponse insert = raw.post(table.getTableName()).json(json).send();
    assertThat(insert.status()).as(insert.toString()).isEqualTo(201);
    return table;
  }

  private static String entity(TableClient table) {
    return ODataPaths.entity(table.getTableName(), "p", "r");
  }
}
