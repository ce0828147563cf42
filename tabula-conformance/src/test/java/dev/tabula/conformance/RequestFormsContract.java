package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import dev.tabula.conformance.support.KeptAliveConnection;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawRequest.Scheme;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.SharedKeySigner;
import dev.tabula.conformance.support.TestAccounts;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

/**
 * How a request's URL and body are read (issue 17, items 12 to 19): the request body limit, a plus
 * in the query string, malformed escapes, a trailing slash, $batch operations whose path names no
 * account, and a SAS field given twice. Raw HTTP throughout: the SDK sends none of these.
 */
@OnEveryEngine
class RequestFormsContract extends ConformanceBase {
  private static final int FOUR_MIB = 4 * 1024 * 1024;

  /**
   * The service refuses a body over 4 MiB whatever the operation: 413 RequestBodyTooLarge "The
   * request body is too large and exceeds the maximum permissible limit." (a real-service answer to
   * an insert, Azure/Azurite issue 1319; the same for a $batch, Azurite issue 1467 and its test
   * "Should reject batches with request body larger than 4 MB").
   */
  @Test
  void aBodyOneByteOver4MiB_is413RequestBodyTooLarge_forEveryOperation() {
    String table = newTable().getTableName();

    for (RawResponse response :
        new RawResponse[] {
          raw.post(table).fillerBody(FOUR_MIB + 1L).send(),
          raw.put(ODataPaths.entity(table, "p", "r")).fillerBody(FOUR_MIB + 1L).send(),
          raw.post("$batch")
              .header("Content-Type", "multipart/mixed; boundary=b")
              .fillerBody(FOUR_MIB + 1L)
              .send()
        }) {
      assertError(response, 413, "RequestBodyTooLarge");
      assertThat(response.bodyText())
          .contains("The request body is too large and exceeds the maximum permissible limit.");
    }
  }

  @Test
  void aBodyOfExactly4MiB_isRead() {
    String table = newTable().getTableName();

    // 4 MiB of filler is no JSON: read and refused as such, not as too large.
    assertError(raw.post(table).fillerBody(FOUR_MIB).send(), 400, "InvalidInput");
  }

  /**
   * A client that asks {@code Expect: 100-continue} for an oversized body gets the same 413 with
   * its code and body as any other error (issue 17, item 12), not a bare 413.
   */
  @Test
  void expect100Continue_withABodyOver4MiB_gets413WithTheErrorCodeAndBody() {
    String table = newTable().getTableName();

    RawResponse response =
        raw.post(table).header("Expect", "100-continue").fillerBody(FOUR_MIB + 1L).send();

    assertError(response, 413, "RequestBodyTooLarge");
    assertThat(response.bodyText()).contains("The request body is too large");
  }

  /**
   * In a query string '+' is a space: Microsoft's older Python and Go clients always write {@code
   * $filter=PartitionKey+eq+'p'}, and @azure/data-tables does with a SAS credential (its
   * URLSearchParams encoding). The service reads the form encoding (azure-sdk-for-node issue 745
   * shows a real-service query with {@code +eq+}; an unencoded '+' in a SAS {@code sig} fails to
   * authenticate: Azure/api-management-policy-snippets issue 122).
   */
  @Test
  void aPlusInTheQueryString_isASpace() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "1"));
    table.createEntity(new TableEntity("q", "2"));

    RawResponse response =
        raw.get(table.getTableName() + "()?$filter=PartitionKey+eq+%27p%27").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().get("value")).hasSize(1);
    assertThat(response.json().get("value").get(0).get("RowKey").asText()).isEqualTo("1");
  }

  /** The same with a service SAS: its fields are still read and signed as decoded values. */
  @Test
  void aPlusInTheQueryString_isASpace_withASharedAccessSignature() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "1"));
    table.createEntity(new TableEntity("q", "2"));
    String sas =
        table.generateSas(
            new TableSasSignatureValues(
                OffsetDateTime.now().plusHours(1), TableSasPermission.parse("r")));

    RawResponse response =
        raw.get(table.getTableName() + "()?$filter=PartitionKey+eq+%27q%27&" + sas)
            .scheme(Scheme.NONE)
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().get("value").get(0).get("RowKey").asText()).isEqualTo("2");
  }

  /**
   * A '+' the client left unencoded in a SAS {@code sig} is a space, so the signature is not well
   * formed: the service fails such a token (Azure/api-management-policy-snippets issue 122, a
   * signature with '+' that "is failing to authenticate" at the storage account); SDKs send %2B.
   */
  @Test
  void anUnencodedPlusInASasSignature_failsToAuthenticate() {
    TableClient table = newTable();
    String sas = null;
    for (int minutes = 60; sas == null || !sas.contains("%2B"); minutes++) {
      sas =
          table.generateSas(
              new TableSasSignatureValues(
                  OffsetDateTime.now().plusMinutes(minutes), TableSasPermission.parse("r")));
    }
    String path = table.getTableName() + "()?";

    assertThat(raw.get(path + sas).scheme(Scheme.NONE).send().status()).isEqualTo(200);
    assertError(
        raw.get(path + sas.replace("%2B", "+")).scheme(Scheme.NONE).send(),
        403,
        "AuthenticationFailed");
  }

  /** In a path a plus is itself: a key with '+' is addressed as written. */
  @Test
  void aPlusInThePath_isAPlus() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "a+b"));

    RawResponse response = raw.get(table.getTableName() + "(PartitionKey='p',RowKey='a+b')").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().get("RowKey").asText()).isEqualTo("a+b");
  }

  /**
   * A path the front end cannot decode: the service answers a bare 400 "Invalid URL" from its HTTP
   * front end (Azure/azure-storage-node issue 385), before any authentication; Tabula gives that
   * 400 the code InvalidUri, as for a request line it cannot read.
   */
  @Test
  void aMalformedEscapeInThePath_is400InvalidUri_evenUnauthenticated() {
    String table = newTable().getTableName();

    assertError(raw.get(table + "%zz()").overSocket().send(), 400, "InvalidUri");
    assertError(
        raw.get(ODataPaths.entity(table, "p", "r").replace("'p'", "'%zz'"))
            .overSocket()
            .scheme(Scheme.NONE)
            .send(),
        400,
        "InvalidUri");
    assertError(
        raw.get(table + "(PartitionKey='%C3%28',RowKey='r')").overSocket().send(),
        400,
        "InvalidUri");
  }

  /**
   * Query escapes the service cannot decode: 400 InvalidInput (a real-service answer to a {@code
   * $filter} whose escapes are not UTF-8: azure-sdk-for-node issue 745), not a dropped connection.
   */
  @Test
  void aMalformedEscapeInTheQuery_is400InvalidInput() {
    String table = newTable().getTableName();

    assertError(raw.get(table + "()?$filter=%zz").overSocket().send(), 400, "InvalidInput");
    assertError(
        raw.get(table + "()?$filter=PartitionKey%20eq%20%27%C3%28%27").overSocket().send(),
        400,
        "InvalidInput");
    assertError(
        raw.get(table + "()?$top=1&x=%").overSocket().scheme(Scheme.NONE).send(),
        400,
        "InvalidInput");
  }

  /** Inside a $batch a malformed escape fails its operation, reported at its index. */
  @Test
  void aMalformedEscapeInABatchOperationUrl_failsThatOperation() {
    TableClient table = newTable();
    String t = table.getTableName();
    String root = server.endpoint("devstoreaccount1");

    for (String[] bad :
        new String[][] {
          {"PUT " + root + "/" + t + "(PartitionKey='p',RowKey='%zz')", "InvalidUri"},
          {"POST " + root + "/" + t + "?$format=%zz", "InvalidInput"}
        }) {
      String body =
          "--b\nContent-Type: multipart/mixed; boundary=cs\n\n"
              + operation("POST " + root + "/" + t, "{\"PartitionKey\":\"p\",\"RowKey\":\"1\"}")
              + operation(bad[0], "{\"PartitionKey\":\"p\",\"RowKey\":\"2\"}")
              + "--cs--\n--b--\n";

      RawResponse response = batch(body);

      assertThat(response.batchPartStatuses()).as(response.toString()).containsExactly(400);
      assertThat(response.bodyText())
          .contains("\"code\":\"" + bad[1] + "\"")
          .contains("\"value\":\"1:");
    }
    assertThat(table.listEntities().stream().count()).isZero();
  }

  /**
   * One trailing slash addresses the same resource ({@code POST /account/Tables/}; issue 17, item
   * 15). No record of the service's answer to a slash after a table, an entity or $batch was found;
   * the service's OData stack takes it, so every resource path does.
   */
  @Test
  void aTrailingSlash_addressesTheSameResource() {
    String name = uniqueTableName();

    assertThat(raw.post("Tables/").json("{\"TableName\":\"" + name + "\"}").send().status())
        .isEqualTo(201);
    assertThat(raw.get("Tables('" + name + "')/").send().status()).isEqualTo(200);
    assertThat(
            raw.post(name + "/").json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}").send().status())
        .isEqualTo(201);
    assertThat(raw.get(ODataPaths.entity(name, "p", "r") + "/").send().status()).isEqualTo(200);
    assertThat(raw.get(name + "()/").send().json().get("value")).hasSize(1);
    assertThat(raw.get("Tables/").send().bodyText()).contains(name);
  }

  /**
   * Microsoft's legacy Python library (azure-cosmosdb-table / azure-storage-table) writes each
   * operation's path without the account ({@code PUT /table(...)}), the emulator's account prefix
   * being added to the batch URL only: on a path-style endpoint they are the batch's account's
   * (issue 17, item 17).
   */
  @Test
  void batchOperationsWithoutTheAccountSegment_areTheBatchAccounts() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "old").addProperty("v", 1));
    String t = table.getTableName();
    String body =
        "--b\nContent-Type: multipart/mixed; boundary=cs\n\n"
            + operation("POST /" + t, "{\"PartitionKey\":\"p\",\"RowKey\":\"new\"}")
            + operation("PUT /" + t + "(PartitionKey='p',RowKey='old')\nIf-Match: *", "{\"v\":2}")
            + "--cs--\n--b--\n";

    RawResponse response = batch(body);

    assertThat(response.batchPartStatuses()).as(response.toString()).containsExactly(201, 204);
    assertThat(table.getEntity("p", "old").getProperty("v")).isEqualTo(2);
    assertThat(table.getEntity("p", "new")).isNotNull();
  }

  /**
   * A SAS field given twice is refused, whichever value came first: 403 AuthenticationFailed (issue
   * 17, item 19; no record of the service's answer was found: its query collection joins repeated
   * values with a comma, which makes no well-formed signature).
   */
  @Test
  void aSasFieldGivenTwice_isRefused() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));
    String sas =
        table.generateSas(
            new TableSasSignatureValues(
                OffsetDateTime.now().plusHours(1), TableSasPermission.parse("r")));
    String sig = sas.substring(sas.indexOf("sig=") + 4).split("&")[0];

    for (String twice : new String[] {"&sig=" + sig, "&sig=AAAA", "&sp=r", "&se=2099-01-01"}) {
      RawResponse response =
          raw.get(table.getTableName() + "()?" + sas + twice).scheme(Scheme.NONE).send();

      assertError(response, 403, "AuthenticationFailed");
    }
    assertThat(raw.get(table.getTableName() + "()?" + sas).scheme(Scheme.NONE).send().status())
        .isEqualTo(200);
  }

  /** One operation: a request line (headers may follow it, each after a line feed) and a body. */
  /**
   * A request line with an absolute URL (RFC 9112 3.2.2: a server must accept it; the service's
   * HTTP.sys front end does) addresses its path, signed as the path.
   */
  @Test
  void anAbsoluteFormRequestTarget_addressesItsPath() {
    String path = "/devstoreaccount1/Tables";
    String date = SharedKeySigner.httpDate(ZonedDateTime.now());
    String signature =
        SharedKeySigner.sign(
            TestAccounts.DEVELOPMENT.key(),
            SharedKeySigner.liteStringToSign(
                date, SharedKeySigner.canonicalResource("devstoreaccount1", path, null)));

    try (KeptAliveConnection connection =
        KeptAliveConnection.open(server.port(), TestAccounts.DEVELOPMENT)) {
      connection.send(
          "GET http://127.0.0.1:"
              + server.port()
              + path
              + " HTTP/1.1\r\n"
              + "Host: 127.0.0.1\r\nx-ms-version: 2019-02-02\r\nx-ms-date: "
              + date
              + "\r\n"
              + "Accept: application/json;odata=nometadata\r\n"
              + "Authorization: SharedKeyLite devstoreaccount1:"
              + signature
              + "\r\n\r\n");
      RawResponse response = connection.readResponse();

      assertThat(response.status()).as(response.toString()).isEqualTo(200);
      assertThat(response.json().has("value")).isTrue();
    }
  }

  private static String operation(String requestLine, String json) {
    int lineEnd = requestLine.indexOf('\n');
    String line = lineEnd < 0 ? requestLine : requestLine.substring(0, lineEnd);
    String headers = lineEnd < 0 ? "" : requestLine.substring(lineEnd);
    return "--cs\nContent-Type: application/http\nContent-Transfer-Encoding: binary\n\n"
        + line
        + " HTTP/1.1"
        + headers
        + "\nContent-Type: application/json\n\n"
        + json
        + "\n";
  }

  private RawResponse batch(String body) {
    return raw.post("$batch")
        .header("Content-Type", "multipart/mixed; boundary=b")
        .json(body.replace("\n", "\r\n"))
        .send();
  }
}
