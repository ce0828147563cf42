package dev.tabula.protocol.json;

import static dev.tabula.protocol.json.MetadataLevel.FULL_METADATA;
import static dev.tabula.protocol.json.MetadataLevel.MINIMAL_METADATA;
import static dev.tabula.protocol.json.MetadataLevel.NO_METADATA;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.Entity;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EntityJsonWriterTest {
  private static final ODataContext CTX =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "mytable");
  private static final Instant STAMP = Instant.parse("2021-06-18T21:43:35.7585671Z");
  private static final String ROOT = "http://127.0.0.1:10002/devstoreaccount1";
  private static final String ETAG = "W/\\\"datetime'2021-06-18T21%3A43%3A35.7585671Z'\\\"";
  private static final String PROPERTIES_TYPED =
      "\"s\":\"text\",\"i\":42,\"b\":true,\"d\":2.0,\"f\":3.14,"
          + "\"n@odata.type\":\"Edm.Double\",\"n\":\"NaN\","
          + "\"l@odata.type\":\"Edm.Int64\",\"l\":\"12345543221\","
          + "\"g@odata.type\":\"Edm.Guid\",\"g\":\"c9da6455-213d-42c9-9a79-3e9149a57833\","
          + "\"bin@odata.type\":\"Edm.Binary\",\"bin\":\"QmFy\","
          + "\"dt@odata.type\":\"Edm.DateTime\",\"dt\":\"2020-09-17T00:00:00Z\"";

  private static Entity sample() {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    properties.put("s", new EdmString("text"));
    properties.put("i", new EdmInt32(42));
    properties.put("b", new EdmBoolean(true));
    properties.put("d", new EdmDouble(2.0));
    properties.put("f", new EdmDouble(3.14));
    properties.put("n", new EdmDouble(Double.NaN));
    properties.put("l", new EdmInt64(12345543221L));
    properties.put("g", new EdmGuid(UUID.fromString("C9DA6455-213D-42C9-9A79-3E9149A57833")));
    properties.put("bin", new EdmBinary("Bar".getBytes(StandardCharsets.US_ASCII)));
    properties.put("dt", new EdmDateTime(Instant.parse("2020-09-17T00:00:00Z")));
    return new Entity("pk", "rk", STAMP, properties);
  }

  private static String text(byte[] json) {
    return new String(json, StandardCharsets.UTF_8);
  }

  @Test
  void writeEntity_minimalMetadata_matchesTheServiceLayout() {
    assertThat(text(EntityJsonWriter.writeEntity(sample(), CTX, MINIMAL_METADATA, null)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#mytable/@Element\","
                + "\"odata.etag\":\""
                + ETAG
                + "\","
                + "\"PartitionKey\":\"pk\",\"RowKey\":\"rk\","
                + "\"Timestamp\":\"2021-06-18T21:43:35.7585671Z\","
                + PROPERTIES_TYPED
                + "}");
  }

  @Test
  void writeEntity_fullMetadata_addsTypeIdEditLinkAndTimestampType() {
    assertThat(text(EntityJsonWriter.writeEntity(sample(), CTX, FULL_METADATA, null)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#mytable/@Element\","
                + "\"odata.type\":\"devstoreaccount1.mytable\","
                + "\"odata.id\":\""
                + ROOT
                + "/mytable(PartitionKey='pk',RowKey='rk')\","
                + "\"odata.etag\":\""
                + ETAG
                + "\","
                + "\"odata.editLink\":\"mytable(PartitionKey='pk',RowKey='rk')\","
                + "\"PartitionKey\":\"pk\",\"RowKey\":\"rk\","
                + "\"Timestamp@odata.type\":\"Edm.DateTime\","
                + "\"Timestamp\":\"2021-06-18T21:43:35.7585671Z\","
                + PROPERTIES_TYPED
                + "}");
  }

  @Test
  void writeEntity_noMetadata_isBareProperties() {
    assertThat(text(EntityJsonWriter.writeEntity(sample(), CTX, NO_METADATA, null)))
        .isEqualTo(
            "{\"PartitionKey\":\"pk\",\"RowKey\":\"rk\","
                + "\"Timestamp\":\"2021-06-18T21:43:35.7585671Z\","
                + "\"s\":\"text\",\"i\":42,\"b\":true,\"d\":2.0,\"f\":3.14,\"n\":\"NaN\","
                + "\"l\":\"12345543221\",\"g\":\"c9da6455-213d-42c9-9a79-3e9149a57833\","
                + "\"bin\":\"QmFy\",\"dt\":\"2020-09-17T00:00:00Z\"}");
  }

  @Test
  void writeEntity_unsavedEntityHasNoEtagOrTimestamp() {
    Entity unsaved = Entity.unsaved("pk", "rk", Map.of("i", new EdmInt32(1)));

    assertThat(text(EntityJsonWriter.writeEntity(unsaved, CTX, MINIMAL_METADATA, null)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#mytable/@Element\","
                + "\"PartitionKey\":\"pk\",\"RowKey\":\"rk\",\"i\":1}");
  }

  @Test
  void writeEntity_select_writesOnlySelectedNamesAndNullForAbsentOnes() {
    Entity entity = new Entity("pk", "rk", STAMP, Map.of("baz", new EdmBoolean(true)));
    Set<String> select = new LinkedHashSet<>(List.of("baz", "PartitionKey", "RowKey", "missing"));

    assertThat(text(EntityJsonWriter.writeEntity(entity, CTX, MINIMAL_METADATA, select)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#mytable/@Element&$select=baz,PartitionKey,RowKey,missing\","
                + "\"odata.etag\":\""
                + ETAG
                + "\","
                + "\"PartitionKey\":\"pk\",\"RowKey\":\"rk\",\"baz\":true,\"missing\":null}");
  }

  @Test
  void writeEntity_selectOfTimestampOnly() {
    assertThat(text(EntityJsonWriter.writeEntity(sample(), CTX, NO_METADATA, Set.of("Timestamp"))))
        .isEqualTo("{\"Timestamp\":\"2021-06-18T21:43:35.7585671Z\"}");
  }

  @Test
  void writeEntity_emptyOrStarSelectMeansAll() {
    byte[] all = EntityJsonWriter.writeEntity(sample(), CTX, MINIMAL_METADATA, null);

    assertThat(EntityJsonWriter.writeEntity(sample(), CTX, MINIMAL_METADATA, Set.of()))
        .isEqualTo(all);
    assertThat(EntityJsonWriter.writeEntity(sample(), CTX, MINIMAL_METADATA, Set.of("*")))
        .isEqualTo(all);
  }

  @Test
  void writeFeed_fullMetadataWithSelect_matchesTheJavaSdkCapture() {
    Entity entity = new Entity("pk", "rk", STAMP, Map.of("propertyC", new EdmString("valueC")));

    assertThat(
            text(
                EntityJsonWriter.writeFeed(
                    List.of(entity), CTX, FULL_METADATA, Set.of("propertyC"))))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#mytable&$select=propertyC\","
                + "\"value\":[{\"odata.type\":\"devstoreaccount1.mytable\","
                + "\"odata.id\":\""
                + ROOT
                + "/mytable(PartitionKey='pk',RowKey='rk')\","
                + "\"odata.etag\":\""
                + ETAG
                + "\","
                + "\"odata.editLink\":\"mytable(PartitionKey='pk',RowKey='rk')\","
                + "\"propertyC\":\"valueC\"}]}");
  }

  @Test
  void writeFeed_minimalMetadata_entriesCarryEtagButNoMetadataUrl() {
    Entity a = new Entity("p", "a", STAMP, Map.of());
    Entity b = new Entity("p", "b", STAMP, Map.of("x", new EdmInt64(1)));

    assertThat(text(EntityJsonWriter.writeFeed(List.of(a, b), CTX, MINIMAL_METADATA, null)))
        .isEqualTo(
            "{\"odata.metadata\":\""
                + ROOT
                + "/$metadata#mytable\",\"value\":["
                + "{\"odata.etag\":\""
                + ETAG
                + "\",\"PartitionKey\":\"p\",\"RowKey\":\"a\","
                + "\"Timestamp\":\"2021-06-18T21:43:35.7585671Z\"},"
                + "{\"odata.etag\":\""
                + ETAG
                + "\",\"PartitionKey\":\"p\",\"RowKey\":\"b\","
                + "\"Timestamp\":\"2021-06-18T21:43:35.7585671Z\","
                + "\"x@odata.type\":\"Edm.Int64\",\"x\":\"1\"}]}");
  }

  @Test
  void writeFeed_emptyPages() {
    assertThat(text(EntityJsonWriter.writeFeed(List.of(), CTX, MINIMAL_METADATA, null)))
        .isEqualTo("{\"odata.metadata\":\"" + ROOT + "/$metadata#mytable\",\"value\":[]}");
    assertThat(text(EntityJsonWriter.writeFeed(List.of(), CTX, NO_METADATA, null)))
        .isEqualTo("{\"value\":[]}");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "5.0 | 5.0",
        "-0.0 | -0.0",
        "0.1 | 0.1",
        "1e300 | 1.0E300",
        "4.9E-324 | 4.9E-324",
        "1.7976931348623157E308 | 1.7976931348623157E308",
        "1.23456789012346E24 | 1.23456789012346E24",
        "Infinity | \"Infinity\"",
        "-Infinity | \"-Infinity\""
      })
  void writeEntity_doubleText(double value, String json) {
    Entity entity = new Entity("p", "r", STAMP, Map.of("d", new EdmDouble(value)));

    String body = text(EntityJsonWriter.writeEntity(entity, CTX, MINIMAL_METADATA, null));

    assertThat(body).endsWith("\"d\":" + json + "}");
    assertThat(body.contains("\"d@odata.type\":\"Edm.Double\""))
        .isEqualTo(Double.isInfinite(value));
  }

  @Test
  void writeEntity_escapesKeysInIdAndEditLink() {
    Entity entity = new Entity("A'aaa_bbbb2\"", "a b/é", STAMP, Map.of());

    String body = text(EntityJsonWriter.writeEntity(entity, CTX, FULL_METADATA, null));

    assertThat(body)
        .contains(
            "\"odata.editLink\":\"mytable(PartitionKey='A''aaa_bbbb2%22',"
                + "RowKey='a%20b%2F%C3%A9')\"")
        .contains("\"PartitionKey\":\"A'aaa_bbbb2\\\"\"");
  }

  /**
   * Only letters, digits and {@code -_.!~*'()} stay as themselves: the service escapes {@code :} as
   * {@code %3A} in its URLs (see {@link ODataContext#entityPath}); the sub-delimiters a path could
   * hold are escaped the same way.
   */
  @Test
  void entityPath_escapesColonAndTheSubDelimiters() {
    assertThat(CTX.entityPath("a:b@c$d&e+f,g;h=i", "-_.!~*()"))
        .isEqualTo("mytable(PartitionKey='a%3Ab%40c%24d%26e%2Bf%2Cg%3Bh%3Di',RowKey='-_.!~*()')");
  }
}
