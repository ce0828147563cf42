package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawRequest;
import dev.tabula.conformance.support.RawResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The wire forms different clients use for the same operation (PATCH, MERGE, POST with
 * X-HTTP-Method), and the headers every response carries.
 */
@OnEveryEngine
class WireFormsContract extends ConformanceBase {

  @Test
  void merge_viaPatch_keepsPropertiesNotInTheRequest() {
    assertMergeWorks(table -> raw.patch(entity(table)));
  }

  @Test
  void merge_viaMergeVerb_keepsPropertiesNotInTheRequest() {
    assertMergeWorks(table -> raw.request("MERGE", entity(table)));
  }

  @Test
  void merge_viaPostWithXHttpMethodMerge_keepsPropertiesNotInTheRequest() {
    assertMergeWorks(table -> raw.post(entity(table)).header("X-HTTP-Method", "MERGE"));
  }

  @Test
  void replace_viaPostWithXHttpMethodPut_dropsPropertiesNotInTheRequest() {
    TableClient table = tableWithEntity();

    RawResponse response =
        raw.post(entity(table.getTableName()))
            .header("X-HTTP-Method", "PUT")
            .header("If-Match", "*")
            .json("{\"a\":10}")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    Map<String, Object> p = table.getEntity("p", "r").getProperties();
    assertThat(p).containsEntry("a", 10).doesNotContainKey("b");
  }

  @Test
  void delete_viaPostWithXHttpMethodDelete_removesTheEntity() {
    TableClient table = tableWithEntity();

    RawResponse response =
        raw.post(entity(table.getTableName()))
            .header("X-HTTP-Method", "DELETE")
            .header("If-Match", "*")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", "r"));
  }

  @Test
  void xHttpMethod_onAGet_returns400XMethodNotUsingPost() {
    TableClient table = tableWithEntity();

    RawResponse response =
        raw.get(entity(table.getTableName())).header("X-HTTP-Method", "MERGE").send();

    assertError(response, 400, "XMethodNotUsingPost");
  }

  @Test
  void xHttpMethod_withAnUnknownVerb_returns400XMethodIncorrectValue() {
    TableClient table = tableWithEntity();

    RawResponse response =
        raw.post(entity(table.getTableName()))
            .header("X-HTTP-Method", "FROB")
            .json("{\"a\":1}")
            .send();

    assertError(response, 400, "XMethodIncorrectValue");
  }

  @Test
  void patchWithoutIfMatch_isInsertOrMerge() {
    TableClient table = tableWithEntity();
    String other = ODataPaths.entity(table.getTableName(), "p", "new");

    RawResponse created = raw.patch(other).json("{\"x\":1}").send();
    RawResponse merged = raw.patch(entity(table.getTableName())).json("{\"c\":3}").send();

    assertThat(created.status()).as(created.toString()).isEqualTo(204);
    assertThat(merged.status()).as(merged.toString()).isEqualTo(204);
    assertThat(table.getEntity("p", "new").getProperty("x")).isEqualTo(1);
    assertThat(table.getEntity("p", "r").getProperties())
        .containsEntry("a", 1)
        .containsEntry("c", 3);
  }

  @Test
  void putWithoutIfMatch_isInsertOrReplace() {
    TableClient table = tableWithEntity();

    RawResponse created =
        raw.put(ODataPaths.entity(table.getTableName(), "p", "new")).json("{\"x\":1}").send();
    RawResponse replaced = raw.put(entity(table.getTableName())).json("{\"c\":3}").send();

    assertThat(created.status()).as(created.toString()).isEqualTo(204);
    assertThat(replaced.status()).as(replaced.toString()).isEqualTo(204);
    assertThat(table.getEntity("p", "new").getProperty("x")).isEqualTo(1);
    assertThat(table.getEntity("p", "r").getProperties())
        .containsEntry("c", 3)
        .doesNotContainKey("a");
  }

  @Test
  void writeResponses_carryTheNewEtag() {
    TableClient table = tableWithEntity();

    RawResponse response =
        raw.patch(entity(table.getTableName())).header("If-Match", "*").json("{\"z\":1}").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    assertThat(response.header("ETag")).isEqualTo(table.getEntity("p", "r").getETag());
  }

  @Test
  void malformedEtag_inIfMatch_returns400InvalidInput() {
    TableClient table = tableWithEntity();

    RawResponse response =
        raw.patch(entity(table.getTableName())).header("If-Match", "not-an-etag").json("{}").send();

    assertError(response, 400, "InvalidInput");
  }

  @Test
  void ifNoneMatch_onAnUpdate_returns400InvalidInput() {
    TableClient table = tableWithEntity();

    RawResponse response =
        raw.put(entity(table.getTableName())).header("If-None-Match", "*").json("{\"a\":5}").send();

    assertError(response, 400, "InvalidInput");
    assertThat(table.getEntity("p", "r").getProperty("a")).isEqualTo(1);
  }

  @Test
  void ifMatchTogetherWithIfNoneMatch_returns400InvalidInput() {
    TableClient table = tableWithEntity();

    RawResponse response =
        raw.patch(entity(table.getTableName()))
            .header("If-Match", "*")
            .header("If-None-Match", "*")
            .json("{\"a\":5}")
            .send();

    assertError(response, 400, "InvalidInput");
    assertThat(table.getEntity("p", "r").getProperty("a")).isEqualTo(1);
  }

  @Test
  void insert_withPreferReturnContent_returns201AndPreferenceApplied() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table)
            .header("Prefer", "return-content")
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    assertThat(response.header("Preference-Applied")).isEqualTo("return-content");
    assertThat(response.json().path("RowKey").asText()).isEqualTo("r");
  }

  @Test
  void insert_withPreferReturnNoContent_returnsLocationAndDataServiceId() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table)
            .header("Prefer", "return-no-content")
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"r k\"}")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    assertThat(response.header("Location")).endsWith(table + "(PartitionKey='p',RowKey='r%20k')");
    assertThat(response.header("DataServiceId")).isEqualTo(response.header("Location"));
  }

  @Test
  void timeoutParameter_largerThanTheMaximum_isAccepted() {
    RawResponse response = raw.get("Tables?timeout=3600").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
  }

  @ParameterizedTest
  @ValueSource(strings = {"2015-12-11", "2017-07-29", "2019-02-02", "2020-12-06"})
  void knownServiceVersions_areAccepted(String version) {
    RawResponse response = raw.get("Tables").header("x-ms-version", version).send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
  }

  @Test
  void responses_carryRequestIdVersionDateAndEchoTheClientRequestId() {
    RawResponse response =
        raw.get("Tables").header("x-ms-client-request-id", "conformance-echo-1").send();

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("x-ms-request-id")).isNotBlank();
    assertThat(response.header("x-ms-version")).isNotBlank();
    assertThat(response.header("Date")).isNotBlank();
    assertThat(response.header("x-ms-client-request-id")).isEqualTo("conformance-echo-1");
  }

  @Test
  void errorResponses_carryTheODataErrorBody() {
    RawResponse response =
        raw.get(ODataPaths.entity(newTable().getTableName(), "p", "none")).send();

    assertError(response, 404, "ResourceNotFound");
    assertThat(response.json().path("odata.error").path("message").path("value").asText())
        .isNotBlank();
    assertThat(response.header("x-ms-request-id")).isNotBlank();
  }

  private void assertMergeWorks(java.util.function.Function<String, RawRequest> merge) {
    TableClient table = tableWithEntity();

    RawResponse response =
        merge
            .apply(table.getTableName())
            .header("If-Match", "*")
            .json("{\"a\":10,\"c\":\"new\"}")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    assertThat(response.header("ETag")).matches(EntityTypesContract.ETAG);
    Map<String, Object> p = table.getEntity("p", "r").getProperties();
    assertThat(p).containsEntry("a", 10).containsEntry("b", 2).containsEntry("c", "new");
  }

  private TableClient tableWithEntity() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1).addProperty("b", 2));
    return table;
  }

  private static String entity(String table) {
    return ODataPaths.entity(table, "p", "r");
  }
}
