package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawRequest;
import dev.tabula.conformance.support.RawResponse;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Forbidden key characters, over-long keys, DateTime values out of range and If-Match values the
 * service did not issue, each answered with the real service's status, code and message.
 *
 * <p>Evidence: CloudStub (github.com/Andrei15193/CloudStub), whose tests in
 * CloudStub.Azure.Cosmos.Table.Tests/TableOperationTests/Sync run against a real storage account
 * and assert the exact status, code and message; where it has no record, the test says so.
 */
@OnEveryEngine
class KeyRulesContract extends ConformanceBase {
  private static final String OUT_OF_RANGE = "One of the request inputs is out of range.";
  private static final String QUERY_SYNTAX = "Bad Request - Error in query syntax.";

  /** A key-addressed write: its name and how to build it for an entity path. */
  private record Write(String name, BiFunction<TableClient, String, RawRequest> request) {}

  private List<Write> writes() {
    return List.of(
        new Write("update", (t, path) -> raw.put(path).header("If-Match", "*").json("{}")),
        new Write("insertOrReplace", (t, path) -> raw.put(path).json("{}")),
        new Write(
            "merge", (t, path) -> raw.request("MERGE", path).header("If-Match", "*").json("{}")),
        new Write("insertOrMerge", (t, path) -> raw.patch(path).json("{}")),
        new Write("delete", (t, path) -> raw.delete(path).header("If-Match", "*")));
  }

  private static String message(RawResponse response) {
    return response.json().path("odata.error").path("message").path("value").asText();
  }

  // CloudStub StubCloudTableEntityInsertTableOperationTests,
  // Execute_WhenPartitionKeyIsInvalid_ThrowsException /
  // Execute_WhenRowKeyIsInvalid_ThrowsException,
  // over '#', '?', '\t', '\n', '\r', '/', '\\' and U+0000-U+001F, U+007F-U+009F: real account
  // answers 400 OutOfRangeInput "The 'PartitionKey' parameter of value '{key}' is out of range.",
  // the key as sent (Regex.Escape(key) in the assertion: a control character appears as itself).
  @ParameterizedTest
  @ValueSource(
      strings = {
        "/", "\\", "#", "?", "a/b", "\u0000", "\u0001", "\t", "\n", "\r", "\u001f", "\u007f",
        "\u0080", "\u0085", "\u009f"
      })
  void insert_keyWithForbiddenCharacter_returns400OutOfRangeInputShowingTheKey(String key) {
    TableClient table = newTable();

    TableServiceException pk =
        assertServiceError(
            400, "OutOfRangeInput", () -> table.createEntity(new TableEntity(key, "r")));
    TableServiceException rk =
        assertServiceError(
            400, "OutOfRangeInput", () -> table.createEntity(new TableEntity("p", key)));

    assertThat(pk.getValue().getErrorMessage())
        .startsWith("The 'PartitionKey' parameter of value '" + key + "' is out of range.\n");
    assertThat(rk.getValue().getErrorMessage())
        .startsWith("The 'RowKey' parameter of value '" + key + "' is out of range.\n");
    assertThat(table.listEntities()).isEmpty();
  }

  // CloudStub StubCloudTableEntity{Replace,Merge,Delete,InsertOrReplace,InsertOrMerge}
  // TableOperationTests, Execute_When{PartitionKey,RowKey}IsInvalid_ThrowsException, case "/" and
  // "\\": 400 InvalidInput "Bad Request - Error in query syntax." (the key travels in the URL).
  // Get has no record there; its URL is parsed the same way, so it answers the same.
  @ParameterizedTest
  @ValueSource(strings = {"/", "\\", "a/b"})
  void byUrl_keyWithSlashOrBackslash_returns400InvalidInputQuerySyntax(String key) {
    TableClient table = newTable();
    String t = table.getTableName();

    for (String path : List.of(ODataPaths.entity(t, key, "r"), ODataPaths.entity(t, "p", key))) {
      for (Write write : writes()) {
        RawResponse response = write.request().apply(table, path).send();
        assertError(response, 400, "InvalidInput");
        assertThat(message(response)).as(write.name()).startsWith(QUERY_SYNTAX + "\n");
      }
      RawResponse get = raw.get(path).send();
      assertError(get, 400, "InvalidInput");
      assertThat(message(get)).startsWith(QUERY_SYNTAX + "\n");
    }
    assertThat(table.listEntities()).isEmpty();
  }

  // CloudStub, the same tests, default case ('#', '?' and U+0080-U+009F but five): 400
  // OutOfRangeInput "One of the request inputs is out of range.". For U+0000-U+001F, U+007F and
  // U+0081, U+008D, U+008F, U+0090, U+009D the real account's HTTP front end refuses the URL
  // before the storage service reads it: a 400 with no storage error body (the .NET client's
  // ExtendedErrorInformation is null). Tabula answers those with the storage service's own
  // answer for such a key, which the batch tests show: OutOfRangeInput with the same text.
  @ParameterizedTest
  @ValueSource(strings = {"#", "?", "a#b", "\u0080", "\u0085", "\u009f", "\u0001", "\t", "\u007f"})
  void byUrl_keyWithOtherForbiddenCharacter_returns400OutOfRangeInput(String key) {
    TableClient table = newTable();
    String t = table.getTableName();

    for (String path : List.of(ODataPaths.entity(t, key, "r"), ODataPaths.entity(t, "p", key))) {
      for (Write write : writes()) {
        RawResponse response = write.request().apply(table, path).send();
        assertError(response, 400, "OutOfRangeInput");
        assertThat(message(response)).as(write.name()).startsWith(OUT_OF_RANGE + "\n");
      }
    }
    assertThat(table.listEntities()).isEmpty();
  }

  // Issue 17: a Get of a key with '#' is a 404 (reads do not check key characters). CloudStub's
  // Retrieve tests have no record of forbidden characters; '?' is taken to behave as '#'.
  @ParameterizedTest
  @ValueSource(strings = {"#", "?"})
  void get_keyWithHashOrQuestionMark_returns404ResourceNotFound(String key) {
    TableClient table = newTable();

    assertServiceError(404, "ResourceNotFound", () -> table.getEntity(key, "r"));
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", key));
  }

  // CloudStub Merge, Replace and Delete Execute_WhenEntityDoesNotExist_ThrowsException use keys of
  // 2,048 characters: the real account answers 404 ResourceNotFound "The specified resource does
  // not exist." (the 1 KiB limit applies where an entity would be stored); Retrieve's
  // Execute_WhenEntityDoesNotExist_ReturnsNullResult, the same keys, a 404.
  @Test
  void updateMergeDeleteAndGet_ofMissingEntityWithKeysOver1KiB_return404ResourceNotFound() {
    TableClient table = newTable();
    String key = "t".repeat(2048);
    TableEntity entity = new TableEntity(key, key);

    TableServiceException replace =
        assertServiceError(
            404,
            "ResourceNotFound",
            () -> table.updateEntity(entity, TableEntityUpdateMode.REPLACE));
    assertServiceError(
        404, "ResourceNotFound", () -> table.updateEntity(entity, TableEntityUpdateMode.MERGE));
    // The SDK's deleteEntity hides a 404, so the delete goes raw.
    assertError(
        raw.delete(ODataPaths.entity(table.getTableName(), key, key))
            .header("If-Match", "*")
            .send(),
        404,
        "ResourceNotFound");
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity(key, key));
    assertThat(replace.getValue().getErrorMessage())
        .startsWith("The specified resource does not exist.\n");
  }

  // CloudStub InsertOrReplace and InsertOrMerge Execute_When{PartitionKey,RowKey}ExceedsLimit:
  // 2,048 characters, 400 PropertyValueTooLarge (an upsert may store the entity).
  @Test
  void upserts_withKeyOver1KiB_return400PropertyValueTooLarge() {
    TableClient table = newTable();
    String key = "t".repeat(2048);

    for (TableEntityUpdateMode mode : TableEntityUpdateMode.values()) {
      assertServiceError(
          400,
          "PropertyValueTooLarge",
          () -> table.upsertEntityWithResponse(new TableEntity(key, "r"), mode, null, null));
      assertServiceError(
          400,
          "PropertyValueTooLarge",
          () -> table.upsertEntityWithResponse(new TableEntity("p", key), mode, null, null));
    }
    assertThat(table.listEntities()).isEmpty();
  }

  // CloudStub Insert, Replace, Merge, InsertOrReplace and InsertOrMerge
  // Execute_WhenDateTimePropertyIsInvalid_ThrowsException, values new DateTime() and
  // 1601-01-01T00:00:00Z minus 1 ms: 400 OutOfRangeInput "The 'DateTimeProp' parameter of value
  // '{value:MM/dd/yyyy HH:mm:ss}' is out of range.".
  @Test
  void dateTime_outOfRange_showsTheValueAsMonthDayYearTime() {
    String t = newTable().getTableName();
    String early =
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"d@odata.type\":\"Edm.DateTime\","
            + "\"d\":\"1600-12-31T23:59:59.999Z\"}";
    String first =
        "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"When@odata.type\":\"Edm.DateTime\","
            + "\"When\":\"0001-01-01T00:00:00Z\"}";

    RawResponse insert = raw.post(t).json(early).send();
    RawResponse insertFirst = raw.post(t).json(first).send();
    assertThat(raw.post(t).json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}").send().status())
        .isEqualTo(201);
    RawResponse merge =
        raw.request("MERGE", ODataPaths.entity(t, "p", "r"))
            .header("If-Match", "*")
            .json(early)
            .send();

    assertError(insert, 400, "OutOfRangeInput");
    assertThat(message(insert))
        .startsWith("The 'd' parameter of value '12/31/1600 23:59:59' is out of range.\n");
    assertThat(message(insertFirst))
        .startsWith("The 'When' parameter of value '01/01/0001 00:00:00' is out of range.\n");
    assertError(merge, 400, "OutOfRangeInput");
    assertThat(message(merge))
        .startsWith("The 'd' parameter of value '12/31/1600 23:59:59' is out of range.\n");
  }

  // Azurite issue 1229: for If-Match W/"wrong" "Azure and Storage Emulator return 412"; Azurite's
  // tests/table/apis/table.entity.issues.test.ts ("should allow any valid weak etag") takes both
  // W/ and w/, with "wrong" and with an old datetime, each a 412 that leaves the entity.
  @ParameterizedTest
  @ValueSource(
      strings = {
        "W/\"wrong\"",
        "w/\"wrong\"",
        "W/\"\"",
        "W/\"datetime'2015-01-01T23%3A14%3A33.4980000Z'\"",
        "w/\"datetime'2015-01-01T23%3A14%3A33.4980000Z'\""
      })
  void ifMatch_weakEtagNotOfThisEntity_returns412AndLeavesTheEntity(String etag) {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("a", 1));
    String before = table.getEntity("p", "r").getETag();
    String path = ODataPaths.entity(table.getTableName(), "p", "r");

    for (Write write : writes()) {
      if (write.name().startsWith("insertOr")) {
        continue; // an If-Match makes them Update and Merge, covered above
      }
      RawResponse response = write.request().apply(table, path).header("If-Match", etag).send();
      assertError(response, 412, "UpdateConditionNotSatisfied");
    }
    assertThat(table.getEntity("p", "r").getETag()).isEqualTo(before);
    // No entity at all: the condition cannot be checked, the entity is missing.
    RawResponse missing =
        raw.delete(ODataPaths.entity(table.getTableName(), "p", "none"))
            .header("If-Match", etag)
            .send();
    assertError(missing, 404, "ResourceNotFound");
  }

  // Azurite's same test file ("should reject invalid or strong etag"): strong or unquoted values
  // are 400; the code InvalidInput (Azurite issue 2013) and the text as the storage emulator gave
  // it (Azurite issue 1829: "The etag value 'MalformedETag' specified in one of the request
  // headers is not valid. Please make sure only one etag value is specified and is valid.").
  @ParameterizedTest
  @ValueSource(strings = {"\"wrong\"", "wrong", "\"", "MalformedETag"})
  void ifMatch_notAWeakEtag_returns400InvalidInput(String etag) {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));

    RawResponse response =
        raw.delete(ODataPaths.entity(table.getTableName(), "p", "r"))
            .header("If-Match", etag)
            .send();

    assertError(response, 400, "InvalidInput");
    assertThat(message(response))
        .startsWith(
            "The etag value '"
                + etag
                + "' specified in one of"
                + " the request headers is not valid. Please make sure only one etag value is specified"
                + " and is valid.\n");
  }
}
