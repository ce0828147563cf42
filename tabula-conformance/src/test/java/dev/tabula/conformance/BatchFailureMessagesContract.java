package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The failing operation's part of a {@code $batch} over raw HTTP: status, code and the exact
 * message, with or without the operation's index in front.
 *
 * <p>Evidence: CloudStub (github.com/Andrei15193/CloudStub), whose tests in
 * CloudStub.Azure.Cosmos.Table.Tests/TableBatchOperationTests/Sync call ExecuteBatch against a real
 * storage account with one operation and assert the failed part's code and message; the .NET SDK
 * recording {@code BatchError} shows a longer change set ("3:The specified entity already
 * exists.").
 */
@OnEveryEngine
class BatchFailureMessagesContract extends ConformanceBase {
  private static final Pattern STATUS_LINE = Pattern.compile("(?m)^HTTP/1\\.1 (\\d{3}) ");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LONG_KEY = "t".repeat(2048);

  /** The failed part of a batch answer: its status, error code and message. */
  private record Failure(int status, String code, String message) {}

  /** One operation: request line target relative to the account, headers, body (or null). */
  private static String op(String method, String path, String headers, String body) {
    return method + " " + path + "\n" + headers + "\n" + (body == null ? "" : body) + "\n";
  }

  private Failure submit(String... ops) {
    String cs = "changeset_" + UUID.randomUUID();
    StringBuilder body =
        new StringBuilder("--batch_k\nContent-Type: multipart/mixed; boundary=" + cs + "\n\n");
    String root = server.endpoint("devstoreaccount1");
    for (String op : ops) {
      int space = op.indexOf(' ');
      int line = op.indexOf('\n');
      body.append("--")
          .append(cs)
          .append("\nContent-Type: application/http\n")
          .append("Content-Transfer-Encoding: binary\n\n")
          .append(op, 0, space + 1)
          .append(root)
          .append('/')
          .append(op, space + 1, line)
          .append(" HTTP/1.1\nAccept: application/json;odata=minimalmetadata\n")
          .append(op.substring(line + 1))
          .append('\n');
    }
    body.append("--").append(cs).append("--\n--batch_k--\n");
    RawResponse response =
        raw.post("$batch")
            .header("Content-Type", "multipart/mixed; boundary=batch_k")
            .json(body.toString().replace("\n", "\r\n"))
            .send();
    assertThat(response.status()).as(response.toString()).isEqualTo(202);
    String text = response.bodyText();
    Matcher status = STATUS_LINE.matcher(text);
    assertThat(status.find()).as(text).isTrue();
    int start = text.indexOf("{\"odata.error\"");
    assertThat(start).as(text).isNotNegative();
    try {
      JsonNode error =
          JSON.readTree(text.substring(start, text.indexOf('\n', start))).path("odata.error");
      return new Failure(
          Integer.parseInt(status.group(1)),
          error.path("code").asText(),
          error.path("message").path("value").asText());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String json(String partitionKey, String rowKey, String more) {
    return "Content-Type: application/json\n\n{\"PartitionKey\":\""
        + partitionKey
        + "\",\"RowKey\":\""
        + rowKey
        + "\""
        + more
        + "}";
  }

  /** The five key-addressed changes of {@code path}, each alone as the test data has them. */
  private static List<String> addressedOps(String path) {
    String body = "Content-Type: application/json\n\n{}";
    return List.of(
        op("PUT", path, "If-Match: *\n" + body, null),
        op("PUT", path, body, null),
        op("MERGE", path, "If-Match: *\n" + body, null),
        op("MERGE", path, body, null),
        op("DELETE", path, "If-Match: *\n", null));
  }

  private static void assertFailure(Failure f, int status, String code, String messageStart) {
    assertThat(f.status()).as(f.toString()).isEqualTo(status);
    assertThat(f.code()).as(f.toString()).isEqualTo(code);
    assertThat(f.message()).as(f.toString()).startsWith(messageStart + "\nRequestId:");
  }

  // CloudStub {Replace,Merge,Delete,InsertOrReplace,InsertOrMerge}TableBatchOperationTests,
  // Execute_When{PartitionKey,RowKey}IsInvalid_ThrowsException: "/" and "\\" give 400 InvalidInput
  // "0:Bad Request - Error in query syntax."; every other forbidden character, control
  // characters included, 400 OutOfRangeInput "0:One of the request inputs is out of range.".
  @ParameterizedTest
  @ValueSource(strings = {"/", "\\", "#", "?", "\u0001", "\t", "\u007f", "\u0081", "\u0085"})
  void aloneByUrl_keyWithForbiddenCharacter_failsWithIndex0(String key) {
    String t = newTable().getTableName();
    boolean slash = key.equals("/") || key.equals("\\");

    for (String path : List.of(ODataPaths.entity(t, key, "r"), ODataPaths.entity(t, "p", key))) {
      for (String op : addressedOps(path)) {
        Failure f = submit(op);
        if (slash) {
          assertFailure(f, 400, "InvalidInput", "0:Bad Request - Error in query syntax.");
        } else {
          assertFailure(f, 400, "OutOfRangeInput", "0:One of the request inputs is out of range.");
        }
      }
    }
  }

  // CloudStub InsertTableBatchOperationTests, Execute_When{PartitionKey,RowKey}IsInvalid: 400
  // OutOfRangeInput "0:The 'PartitionKey' parameter of value '{key}' is out of range.".
  @ParameterizedTest
  @ValueSource(strings = {"#", "/", "\\\\", "\\u0001"})
  void aloneInsert_keyWithForbiddenCharacter_failsWithIndex0NamingTheKey(String jsonKey) {
    String t = newTable().getTableName();
    String shown = jsonKey.replace("\\\\", "\\").replace("\\u0001", "\u0001");

    Failure pk = submit(op("POST", t, json(jsonKey, "r", ""), null));
    Failure rk = submit(op("POST", t, json("p", jsonKey, ""), null));

    assertFailure(
        pk,
        400,
        "OutOfRangeInput",
        "0:The 'PartitionKey' parameter of value '" + shown + "' is out of range.");
    assertFailure(
        rk,
        400,
        "OutOfRangeInput",
        "0:The 'RowKey' parameter of value '" + shown + "' is out of range.");
  }

  // CloudStub DeleteTableBatchOperationTests Execute_WhenEntityDoesNotExist_ThrowsException, keys
  // of 2,048 characters: 404 ResourceNotFound "The specified resource does not exist.", no index.
  // Update and Merge are taken to answer as Delete (CloudStub's single-operation record).
  @Test
  void aloneUpdateMergeDelete_ofMissingEntityWithKeysOver1KiB_fail404WithoutIndex() {
    String t = newTable().getTableName();
    String path = ODataPaths.entity(t, LONG_KEY, LONG_KEY);
    String body = "Content-Type: application/json\n\n{}";

    for (String op :
        List.of(
            op("PUT", path, "If-Match: *\n" + body, null),
            op("MERGE", path, "If-Match: *\n" + body, null),
            op("DELETE", path, "If-Match: *\n", null))) {
      assertFailure(submit(op), 404, "ResourceNotFound", "The specified resource does not exist.");
    }
  }

  // CloudStub InsertOrMerge/InsertOrReplaceTableBatchOperationTests
  // Execute_When{PartitionKey,RowKey}ExceedsLimit and InsertTableBatchOperationTests
  // Execute_WhenStringPropertyIsInvalid: 400 PropertyValueTooLarge "The property value exceeds
  // the maximum allowed size (64KB)...", no index.
  @Test
  void alone_valueOrUpsertKeyOverItsLimit_fails400PropertyValueTooLargeWithoutIndex() {
    String t = newTable().getTableName();
    String body = "Content-Type: application/json\n\n{}";
    String tooLarge = "The property value exceeds the maximum allowed size (64KB).";

    assertFailure(
        submit(op("PUT", ODataPaths.entity(t, LONG_KEY, "r"), body, null)),
        400,
        "PropertyValueTooLarge",
        tooLarge
            + " If the property value is a string, it is"
            + " UTF-16 encoded and the maximum number of characters should be 32K or less.");
    assertThat(submit(op("MERGE", ODataPaths.entity(t, "p", LONG_KEY), body, null)).message())
        .startsWith(tooLarge);
    Failure big =
        submit(op("POST", t, json("p", "r", ",\"s\":\"" + "x".repeat(32_769) + "\""), null));
    assertThat(big.code()).isEqualTo("PropertyValueTooLarge");
    assertThat(big.message()).startsWith(tooLarge);
  }

  // CloudStub InsertTableBatchOperationTests Execute_InsertOperationWhenEntityAlreadyExists: 409
  // "The specified entity already exists."; DeleteTableBatchOperationTests
  // Execute_WhenETagsMismatch: 412 "The update condition specified in the request was not
  // satisfied."; both without index. A weak ETag not of this entity is a stale one (Azurite
  // issue 1229).
  @Test
  void alone_takenKeyOrStaleEtag_failWithoutIndex() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));
    String t = table.getTableName();
    String path = ODataPaths.entity(t, "p", "r");
    String stale = "W/\"datetime'2015-01-01T23%3A14%3A33.4980000Z'\"";
    String unmet = "The update condition specified in the request was not satisfied.";

    assertFailure(
        submit(op("POST", t, json("p", "r", ""), null)),
        409,
        "EntityAlreadyExists",
        "The specified entity already exists.");
    assertFailure(
        submit(op("DELETE", path, "If-Match: " + stale + "\n", null)),
        412,
        "UpdateConditionNotSatisfied",
        unmet);
    assertFailure(
        submit(
            op("PUT", path, "If-Match: W/\"wrong\"\nContent-Type: application/json\n\n{}", null)),
        412,
        "UpdateConditionNotSatisfied",
        unmet);
    assertThat(table.getEntity("p", "r")).isNotNull();
  }

  // The official Java SDK copes with the unprefixed message of a lone failing operation: it
  // reports the service's error, as it must against the real service (CloudStub, above).
  @Test
  void aloneFailure_throughTheJavaSdk_surfacesTheServiceError() {
    TableClient table = newTable();
    List<TableTransactionAction> update =
        List.of(
            new TableTransactionAction(
                TableTransactionActionType.UPDATE_REPLACE, new TableEntity("p", "missing")));

    TableServiceException e =
        assertThrows(TableServiceException.class, () -> table.submitTransaction(update));

    assertThat(e.getValue().getErrorCode().toString()).isEqualTo("ResourceNotFound");
    assertThat(e.getValue().getErrorMessage()).startsWith("The specified resource does not exist.");
  }

  // The .NET SDK recording BatchError: "3:The specified entity already exists." in a longer
  // change set; CloudStub's StubCloudTableBatchOperationTests, "1:The batch request contains
  // multiple changes with same row key...": with two or more operations the index stays.
  @Test
  void ofTwo_failuresOfTheEntity_keepTheIndex() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "taken"));
    String t = table.getTableName();

    assertFailure(
        submit(
            op("POST", t, json("p", "a", ""), null), op("POST", t, json("p", "taken", ""), null)),
        409,
        "EntityAlreadyExists",
        "1:The specified entity already exists.");
    assertFailure(
        submit(
            op("POST", t, json("p", "a", ""), null),
            op("DELETE", ODataPaths.entity(t, "p", "missing"), "If-Match: *\n", null)),
        404,
        "ResourceNotFound",
        "1:The specified resource does not exist.");
  }

  // CloudStub Insert/InsertOrMerge/InsertOrReplaceTableBatchOperationTests
  // Execute_WhenDateTimePropertyIsInvalid_ThrowsException: "0:The 'DateTimeProp' parameter of
  // value '{value:MM/dd/yyyy HH:mm:ss}' is out of range."; Execute_WhenTableDoesNotExist: 404
  // TableNotFound "0:The table specified does not exist." Both keep the index alone.
  @Test
  void alone_badDateTimeOrMissingTable_failWithIndex0() {
    String t = newTable().getTableName();
    String early = ",\"d@odata.type\":\"Edm.DateTime\",\"d\":\"1600-12-31T23:59:59.999Z\"";

    assertFailure(
        submit(op("POST", t, json("p", "r", early), null)),
        400,
        "OutOfRangeInput",
        "0:The 'd' parameter of value '12/31/1600 23:59:59' is out of range.");
    assertFailure(
        submit(op("POST", uniqueTableName(), json("p", "r", ""), null)),
        404,
        "TableNotFound",
        "0:The table specified does not exist.");
  }
}
