package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/** The three JSON metadata levels on the wire, chosen by Accept or by {@code $format}. */
@OnEveryEngine
class JsonFormatsContract extends ConformanceBase {
  private static final String NO = "application/json;odata=nometadata";
  private static final String MINIMAL = "application/json;odata=minimalmetadata";
  private static final String FULL = "application/json;odata=fullmetadata";

  private String table;
  private String entityPath;

  @BeforeParameterizedClassInvocation
  final void createTypedEntity() {
    TableClient client = newTable();
    table = client.getTableName();
    client.createEntity(
        new TableEntity("p", "r")
            .addProperty("s", "text")
            .addProperty("b", true)
            .addProperty("i32", 7)
            .addProperty("i64", 9_007_199_254_740_993L)
            .addProperty("g", EntityTypesContract.GUID)
            .addProperty("bin", new byte[] {1, 2, 3})
            .addProperty("dt", EntityTypesContract.PRECISE)
            .addProperty("d", 2.5));
    entityPath = ODataPaths.entity(table, "p", "r");
  }

  @Test
  void minimalMetadata_hasMetadataUrlEtagAndAnnotationsForNonInferableTypes() {
    RawResponse response = raw.get(entityPath).header("Accept", MINIMAL).send();
    JsonNode e = ok(response);

    assertThat(response.header("Content-Type"))
        .startsWith("application/json")
        .contains("odata=minimalmetadata");
    assertThat(e.path("odata.metadata").asText()).endsWith("$metadata#" + table + "/@Element");
    // The real service emits odata.etag at minimal metadata too, and the SDKs read it.
    assertThat(e.path("odata.etag").asText())
        .isEqualTo(response.header("ETag"))
        .matches(EntityTypesContract.ETAG);
    assertThat(e.path("i64@odata.type").asText()).isEqualTo("Edm.Int64");
    assertThat(e.path("i64").isTextual()).isTrue();
    assertThat(e.path("i64").asText()).isEqualTo("9007199254740993");
    assertThat(e.path("g@odata.type").asText()).isEqualTo("Edm.Guid");
    assertThat(e.path("bin@odata.type").asText()).isEqualTo("Edm.Binary");
    assertThat(e.path("bin").asText()).isEqualTo("AQID");
    assertThat(e.path("dt@odata.type").asText()).isEqualTo("Edm.DateTime");
    assertThat(e.has("s@odata.type")).isFalse();
    assertThat(e.has("b@odata.type")).isFalse();
    assertThat(e.has("i32@odata.type")).isFalse();
    assertThat(e.path("i32").isInt()).isTrue();
    assertThat(e.path("b").isBoolean()).isTrue();
    assertThat(e.has("odata.type")).isFalse();
    assertThat(e.has("odata.id")).isFalse();
    assertThat(e.has("odata.editLink")).isFalse();
  }

  @Test
  void fullMetadata_addsTypeIdEditLinkAndTimestampAnnotation() {
    RawResponse response = raw.get(entityPath).header("Accept", FULL).send();
    JsonNode e = ok(response);

    assertThat(response.header("Content-Type")).contains("odata=fullmetadata");
    assertThat(e.path("odata.metadata").asText()).endsWith("$metadata#" + table + "/@Element");
    assertThat(e.path("odata.type").asText()).isEqualTo("devstoreaccount1." + table);
    assertThat(e.path("odata.id").asText()).endsWith(table + "(PartitionKey='p',RowKey='r')");
    assertThat(e.path("odata.editLink").asText())
        .isEqualTo(table + "(PartitionKey='p',RowKey='r')");
    assertThat(e.path("odata.etag").asText()).isEqualTo(response.header("ETag"));
    assertThat(e.path("Timestamp@odata.type").asText()).isEqualTo("Edm.DateTime");
    assertThat(e.path("i64@odata.type").asText()).isEqualTo("Edm.Int64");
    assertThat(e.path("g@odata.type").asText()).isEqualTo("Edm.Guid");
    assertThat(e.path("bin@odata.type").asText()).isEqualTo("Edm.Binary");
    assertThat(e.path("dt@odata.type").asText()).isEqualTo("Edm.DateTime");
  }

  @Test
  void noMetadata_hasBarePropertiesOnly() {
    RawResponse response = raw.get(entityPath).header("Accept", NO).send();
    JsonNode e = ok(response);

    assertThat(response.header("Content-Type")).contains("odata=nometadata");
    assertThat(annotations(e)).isEmpty();
    assertThat(e.path("PartitionKey").asText()).isEqualTo("p");
    assertThat(e.path("RowKey").asText()).isEqualTo("r");
    assertThat(e.path("i64").asText()).isEqualTo("9007199254740993");
    assertThat(e.path("s").asText()).isEqualTo("text");
    assertThat(response.header("ETag")).matches(EntityTypesContract.ETAG);
  }

  @Test
  void formatQueryParameter_overridesAccept() {
    RawResponse full =
        raw.get(entityPath + "?$format=" + ODataPaths.encodeQuery(FULL))
            .header("Accept", NO)
            .send();
    RawResponse none =
        raw.get(entityPath + "?$format=" + ODataPaths.encodeQuery(NO))
            .header("Accept", FULL)
            .send();

    assertThat(ok(full).path("odata.editLink").asText())
        .isEqualTo(table + "(PartitionKey='p',RowKey='r')");
    assertThat(ok(full).path("i64@odata.type").asText()).isEqualTo("Edm.Int64");
    assertThat(annotations(ok(none))).isEmpty();
  }

  @Test
  void queryFeed_atMinimalMetadata_hasFeedMetadataAndPerEntityEtags() {
    RawResponse response = raw.get(table + "()").header("Accept", MINIMAL).send();
    JsonNode feed = ok(response);

    assertThat(feed.path("odata.metadata").asText()).endsWith("$metadata#" + table);
    assertThat(feed.path("value")).hasSize(1);
    JsonNode e = feed.path("value").get(0);
    assertThat(e.path("odata.etag").asText()).matches(EntityTypesContract.ETAG);
    assertThat(e.path("i64@odata.type").asText()).isEqualTo("Edm.Int64");
  }

  @Test
  void queryFeed_atNoMetadata_hasNoAnnotations() {
    JsonNode feed = ok(raw.get(table + "()").header("Accept", NO).send());

    assertThat(feed.has("odata.metadata")).isFalse();
    assertThat(annotations(feed.path("value").get(0))).isEmpty();
  }

  @Test
  void queryTables_atEachLevel_hasTheMatchingShape() {
    JsonNode minimal = ok(raw.get("Tables").header("Accept", MINIMAL).send());
    JsonNode none = ok(raw.get("Tables").header("Accept", NO).send());

    assertThat(minimal.path("odata.metadata").asText()).endsWith("$metadata#Tables");
    assertThat(minimal.path("value").isArray()).isTrue();
    assertThat(none.has("odata.metadata")).isFalse();
    List<String> names = new ArrayList<>();
    none.path("value").forEach(t -> names.add(t.path("TableName").asText()));
    assertThat(names).contains(table);
  }

  @Test
  void wire_specialDoubles_areAnnotatedStringsAndWholeDoublesStayDoubles() {
    String t = newTable().getTableName();
    RawResponse insert =
        raw.post(t)
            .json(
                "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"nan\":\"NaN\",\"nan@odata.type\":\"Edm.Double\","
                    + "\"inf\":\"Infinity\",\"inf@odata.type\":\"Edm.Double\","
                    + "\"ninf\":\"-Infinity\",\"ninf@odata.type\":\"Edm.Double\","
                    + "\"whole\":5.0,\"big\":\"1.23456789012346e+24\",\"big@odata.type\":\"Edm.Double\"}")
            .send();
    assertThat(insert.status()).as(insert.toString()).isEqualTo(201);

    JsonNode e = ok(raw.get(ODataPaths.entity(t, "p", "r")).header("Accept", MINIMAL).send());

    assertThat(e.path("nan").asText()).isEqualTo("NaN");
    assertThat(e.path("nan@odata.type").asText()).isEqualTo("Edm.Double");
    assertThat(e.path("inf").asText()).isEqualTo("Infinity");
    assertThat(e.path("ninf").asText()).isEqualTo("-Infinity");
    assertThat(e.path("big").asDouble()).isEqualTo(1.23456789012346e24);
    // 5.0 must be readable as a Double again: either annotated, or written with a decimal point.
    JsonNode whole = e.path("whole");
    boolean typed =
        "Edm.Double".equals(e.path("whole@odata.type").asText()) || whole.isFloatingPointNumber();
    assertThat(typed).as("whole double rendered as %s", whole).isTrue();
    assertThat(whole.asDouble()).isEqualTo(5.0);
  }

  private static JsonNode ok(RawResponse response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  private static List<String> annotations(JsonNode node) {
    List<String> found = new ArrayList<>();
    node.fieldNames()
        .forEachRemaining(
            name -> {
              if (name.startsWith("odata.") || name.contains("@odata.")) {
                found.add(name);
              }
            });
    return found;
  }
}
