package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertErrorWithSomeCode;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.server.ServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Malformed and incomplete requests over raw HTTP: each gets its exact 4xx, none a 5xx (every raw
 * send asserts that).
 */
@OnEveryEngine
class ProtocolErrorsContract extends ConformanceBase {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"PartitionKey\":\"p\",",
        "not json at all",
        "[1,2,3]",
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",}",
        "\"just a string\""
      })
  void malformedJsonBody_returns400InvalidInput(String body) {
    String table = newTable().getTableName();

    assertError(raw.post(table).json(body).send(), 400, "InvalidInput");
  }

  @Test
  void malformedJsonBody_onCreateTable_returns400InvalidInput() {
    assertError(raw.post("Tables").json("{\"TableName\":").send(), 400, "InvalidInput");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Tables/extra",
        "sometable/extra/segments",
        "sometable(PartitionKey='p',RowKey='r')/extra",
        "Tables('abc')/more"
      })
  void unknownRouteOrExtraPathSegments_return400InvalidUri(String path) {
    assertError(raw.get(path).send(), 400, "InvalidUri");
  }

  @Test
  void missingXmsVersion_returns400MissingRequiredHeader() {
    assertError(
        raw.get("Tables").header("x-ms-version", null).send(), 400, "MissingRequiredHeader");
  }

  @Test
  void missingDate_returns403AuthenticationFailed() {
    // No Date and no x-ms-date: the signature cannot be checked against a time.
    RawResponse response = raw.get("Tables").header("x-ms-date", null).send();

    assertError(response, 403, "AuthenticationFailed");
  }

  @Test
  void bodyOverTheCap_returns413RequestBodyTooLarge() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table).fillerBody(ServerConfig.DEFAULT_MAX_BODY_BYTES + 1L).send();

    assertError(response, 413, "RequestBodyTooLarge");
  }

  @Test
  void serverStillAnswers_afterAnOversizedBody() {
    String table = newTable().getTableName();
    raw.post(table).fillerBody(ServerConfig.DEFAULT_MAX_BODY_BYTES + 1L).send();

    RawResponse next = raw.get(table + "()").send();

    assertThat(next.status()).as(next.toString()).isEqualTo(200);
  }

  @Test
  void deleteEntity_withoutIfMatch_returns400MissingRequiredHeader() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));

    RawResponse response = raw.delete(ODataPaths.entity(table.getTableName(), "p", "r")).send();

    assertError(response, 400, "MissingRequiredHeader");
    assertThat(table.getEntity("p", "r")).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"1001", "-1", "abc"})
  void queryEntities_withTopOutOfRange_returns400(String top) {
    String table = newTable().getTableName();

    assertErrorWithSomeCode(raw.get(table + "()?$top=" + top).send(), 400);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1001", "-1"})
  void queryTables_withTopOutOfRange_returns400(String top) {
    assertErrorWithSomeCode(raw.get("Tables?$top=" + top).send(), 400);
  }

  @Test
  void queryEntities_withTop1000_isAccepted() {
    String table = newTable().getTableName();

    assertThat(raw.get(table + "()?$top=1000").send().status()).isEqualTo(200);
  }

  @Test
  void queryEntities_onMissingTable_returns404TableNotFound() {
    assertError(raw.get(uniqueTableName() + "()").send(), 404, "TableNotFound");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "text/plain", "application/atom+xml", "application/xml"})
  void insert_withoutAJsonContentType_isRejectedWithA4xx(String contentType) {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table)
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}")
            .header("Content-Type", contentType.isEmpty() ? null : contentType)
            .send();

    // A body needs a Content-Type, and since 2015-12-11 only JSON is served: whatever the exact
    // code, the service refuses the request instead of reading the body as JSON.
    assertThat(response.status()).as(response.toString()).isBetween(400, 499);
    assertThat(response.errorCode()).isNotBlank();
  }

  @Test
  void unsupportedHttpVerb_isRejectedWithA4xx() {
    RawResponse response = raw.request("OPTIONSX", "Tables").send();

    assertThat(response.status()).as(response.toString()).isBetween(400, 499);
  }

  @Test
  void unknownAccount_isRejectedWithA4xx() {
    RawResponse response = raw.get("Tables").account("nosuchaccount").send();

    assertThat(response.status()).as(response.toString()).isBetween(400, 499);
    assertThat(response.errorCode()).isNotBlank();
  }

  @Test
  void nonJsonAccept_onAnODataOperation_isRejectedOrAnsweredAsJson() {
    RawResponse response = raw.get("Tables").header("Accept", "application/atom+xml").send();

    // Atom is gone since 2015-12-11: either refuse (415) or answer JSON, never Atom.
    if (response.status() == 200) {
      assertThat(response.header("Content-Type")).startsWith("application/json");
    } else {
      assertThat(response.status()).isEqualTo(415);
    }
  }
}
