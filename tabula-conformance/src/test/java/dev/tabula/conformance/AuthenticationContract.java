package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawRequest.Scheme;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** SharedKeyLite and SharedKey signatures, the clock window, wrong keys and account isolation. */
@OnEveryEngine
class AuthenticationContract extends ConformanceBase {

  @Test
  void sharedKeyLite_fromTheSdk_isAccepted() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("v", 1));

    assertThat(table.getEntity("p", "r").getProperty("v")).isEqualTo(1);
  }

  @Test
  void sharedKeyLite_withXmsDate_isAccepted() {
    RawResponse response = raw.get("Tables").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
  }

  @Test
  void sharedKeyLite_withOnlyADateHeader_isAccepted() {
    RawResponse response =
        raw.get("Tables").header("x-ms-date", null).dateHeader(ZonedDateTime.now()).send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
  }

  @Test
  void sharedKey_signedRequests_areAccepted() {
    String table = uniqueTableName();

    RawResponse create =
        raw.post("Tables")
            .scheme(Scheme.SHARED_KEY)
            .json("{\"TableName\":\"" + table + "\"}")
            .send();
    RawResponse insert =
        raw.post(table)
            .scheme(Scheme.SHARED_KEY)
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"r k\",\"v\":7}")
            .send();
    RawResponse get =
        raw.get(ODataPaths.entity(table, "p", "r k")).scheme(Scheme.SHARED_KEY).send();
    RawResponse delete =
        raw.delete(ODataPaths.entity(table, "p", "r k"))
            .scheme(Scheme.SHARED_KEY)
            .header("If-Match", "*")
            .send();

    assertThat(create.status()).as(create.toString()).isEqualTo(201);
    assertThat(insert.status()).as(insert.toString()).isEqualTo(201);
    assertThat(get.status()).as(get.toString()).isEqualTo(200);
    assertThat(get.json().path("v").asInt()).isEqualTo(7);
    assertThat(delete.status()).as(delete.toString()).isEqualTo(204);
  }

  @Test
  void sharedKey_signedForAnotherContentType_returns403AuthenticationFailed() {
    String table = newTable().getTableName();

    // SharedKey signs the Content-Type: signed for one, sent with another, it must not verify.
    RawResponse response =
        raw.post(table)
            .scheme(Scheme.SHARED_KEY)
            .json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}")
            .header("Content-Type", "application/json;odata=nometadata")
            .signedContentType("application/json")
            .send();

    assertError(response, 403, "AuthenticationFailed");
  }

  @Test
  void wrongKey_fromTheSdk_returns403AuthenticationFailed() {
    TableServiceClient wrong =
        Clients.service(
            Clients.connectionString(server, "devstoreaccount1", TestAccounts.WRONG_KEY));

    assertServiceError(403, "AuthenticationFailed", () -> wrong.createTable(uniqueTableName()));
    assertHttpError(403, "AuthenticationFailed", () -> wrong.listTables().stream().count());
  }

  @Test
  void wrongKey_overRawHttp_returns403AuthenticationFailedForBothSchemes() {
    assertError(
        raw.get("Tables").signWith(TestAccounts.WRONG_KEY).send(), 403, "AuthenticationFailed");
    assertError(
        raw.get("Tables").scheme(Scheme.SHARED_KEY).signWith(TestAccounts.WRONG_KEY).send(),
        403,
        "AuthenticationFailed");
  }

  @Test
  void anotherAccountsKey_returns403AuthenticationFailed() {
    RawResponse response =
        raw.get("Tables")
            .account(TestAccounts.SECOND.name())
            .signWith(TestAccounts.DEVELOPMENT.key())
            .send();

    assertError(response, 403, "AuthenticationFailed");
  }

  @Test
  void date16MinutesOld_returns403AuthenticationFailed() {
    ZonedDateTime stale = ZonedDateTime.now().minusMinutes(16);

    assertError(raw.get("Tables").msDate(stale).send(), 403, "AuthenticationFailed");
    assertError(
        raw.get("Tables").header("x-ms-date", null).dateHeader(stale).send(),
        403,
        "AuthenticationFailed");
    assertError(
        raw.get("Tables").scheme(Scheme.SHARED_KEY).msDate(stale).send(),
        403,
        "AuthenticationFailed");
  }

  @Test
  void date16MinutesAhead_returns403AuthenticationFailed() {
    assertError(
        raw.get("Tables").msDate(ZonedDateTime.now().plusMinutes(16)).send(),
        403,
        "AuthenticationFailed");
  }

  @Test
  void date10MinutesOld_isStillAccepted() {
    RawResponse response = raw.get("Tables").msDate(ZonedDateTime.now().minusMinutes(10)).send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
  }

  @Test
  void tamperedPath_afterSigning_returns403AuthenticationFailed() {
    RawResponse response = raw.get("Tables").signedPath("Tables('other')").send();

    assertError(response, 403, "AuthenticationFailed");
  }

  @Test
  void missingAuthorization_isRefused() {
    RawResponse response = raw.get("Tables").scheme(Scheme.NONE).send();

    assertThat(response.status()).as(response.toString()).isIn(401, 403);
    assertThat(response.errorCode()).isNotBlank();
  }

  @Test
  void accounts_seeOnlyTheirOwnTablesAndEntities() {
    TableServiceClient second = Clients.service(server, TestAccounts.SECOND);
    String name = uniqueTableName();
    TableClient secondTable = second.createTable(name);
    secondTable.createEntity(new TableEntity("p", "r").addProperty("owner", "second"));

    assertThat(names(service)).doesNotContain(name);
    assertThat(names(second)).contains(name);

    // The same name is free in the development account, and holds nothing there.
    TableClient devTable = service.createTable(name);
    assertServiceError(404, "ResourceNotFound", () -> devTable.getEntity("p", "r"));
    assertThat(secondTable.getEntity("p", "r").getProperty("owner")).isEqualTo("second");

    service.deleteTable(name);
    assertThat(names(second)).contains(name);
    assertThat(secondTable.getEntity("p", "r").getProperty("owner")).isEqualTo("second");
  }

  @Test
  void secondAccount_overRawHttp_isServedAtItsOwnPath() {
    RawClient secondRaw = new RawClient(server, TestAccounts.SECOND);

    RawResponse response = secondRaw.get("Tables").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
  }

  private static List<String> names(TableServiceClient client) {
    return StreamSupport.stream(client.listTables().spliterator(), false)
        .map(TableItem::getName)
        .collect(Collectors.toList());
  }
}
