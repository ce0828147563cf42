package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListTablesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import com.azure.data.tables.models.TableServiceException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Create, list and delete tables; table-name rules. */
@OnEveryEngine
class TableOperationsContract extends ConformanceBase {

  @Test
  void createTable_returns201WithTheTableName() {
    String name = uniqueTableName();
    RawResponse response = raw.post("Tables").json("{\"TableName\":\"" + name + "\"}").send();

    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    assertThat(response.json().path("TableName").asText()).isEqualTo(name);
    // Without Prefer the service answers 201 and does not claim a preference was applied.
    assertThat(response.hasHeader("Preference-Applied")).isFalse();
  }

  @Test
  void createTable_withPreferReturnNoContent_returns204AndPreferenceApplied() {
    String name = uniqueTableName();
    RawResponse response =
        raw.post("Tables")
            .header("Prefer", "return-no-content")
            .json("{\"TableName\":\"" + name + "\"}")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    assertThat(response.header("Preference-Applied")).isEqualTo("return-no-content");
    assertThat(response.body()).isEmpty();
    assertThat(tableNames()).contains(name);
  }

  @Test
  void createTable_withPreferReturnContent_returns201AndPreferenceApplied() {
    String name = uniqueTableName();
    RawResponse response =
        raw.post("Tables")
            .header("Prefer", "return-content")
            .json("{\"TableName\":\"" + name + "\"}")
            .send();

    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    assertThat(response.header("Preference-Applied")).isEqualTo("return-content");
    assertThat(response.json().path("TableName").asText()).isEqualTo(name);
  }

  @Test
  void createTable_duplicateName_returns409TableAlreadyExists() {
    String name = uniqueTableName();
    service.createTable(name);

    assertServiceError(409, "TableAlreadyExists", () -> service.createTable(name));
  }

  @Test
  void createTable_duplicateNameInOtherCase_returns409TableAlreadyExists() {
    String name = "Mixed" + uniqueTableName();
    service.createTable(name);

    // Table names are case-insensitive: the service treats "ABC" and "abc" as one table.
    assertServiceError(409, "TableAlreadyExists", () -> service.createTable(name.toUpperCase()));
    assertServiceError(409, "TableAlreadyExists", () -> service.createTable(name.toLowerCase()));
  }

  @Test
  void listTables_showsCreatedNamesInTheirOriginalCase() {
    String mixed = "CaseKept" + uniqueTableName().substring(1, 12).toUpperCase() + "x";
    service.createTable(mixed);

    List<String> names = tableNames();

    assertThat(names).contains(mixed);
    assertThat(names).doesNotContain(mixed.toLowerCase(), mixed.toUpperCase());
  }

  @Test
  void listTables_withTop10_followsContinuationsAndSeesEveryTableOnce() {
    String prefix = "top" + uniqueTableName().substring(1, 10);
    Set<String> created = new HashSet<>();
    for (int i = 0; i < 25; i++) {
      String name = prefix + String.format("n%02d", i);
      service.createTable(name);
      created.add(name);
    }

    List<String> seen = new ArrayList<>();
    int pages = 0;
    for (PagedResponse<TableItem> page :
        service.listTables(new ListTablesOptions().setTop(10), null, null).iterableByPage()) {
      pages++;
      assertThat(page.getValue()).hasSizeLessThanOrEqualTo(10);
      page.getValue().forEach(item -> seen.add(item.getName()));
    }

    List<String> ours =
        seen.stream().filter(n -> n.startsWith(prefix)).collect(Collectors.toList());
    assertThat(ours).containsExactlyInAnyOrderElementsOf(created);
    assertThat(seen).doesNotHaveDuplicates();
    assertThat(pages).isGreaterThanOrEqualTo(3);
  }

  @Test
  void queryTables_rawTop_returnsNextTableNameThatResumesAfterThePage() {
    for (int i = 0; i < 4; i++) {
      service.createTable(uniqueTableName());
    }

    RawResponse first = raw.get("Tables?$top=2").send();
    assertThat(first.status()).as(first.toString()).isEqualTo(200);
    List<String> firstNames = names(first.json());
    assertThat(firstNames).hasSizeLessThanOrEqualTo(2);
    String next = first.header("x-ms-continuation-NextTableName");
    assertThat(next).as("continuation header of %s", first).isNotBlank();

    RawResponse second =
        raw.get("Tables?$top=2&NextTableName=" + ODataPaths.encodeQuery(next)).send();
    assertThat(second.status()).as(second.toString()).isEqualTo(200);
    List<String> secondNames = names(second.json());
    assertThat(secondNames).isNotEmpty().doesNotContainAnyElementsOf(firstNames);
  }

  @Test
  void deleteTable_returns204AndTheNameIsReusableAtOnceAndEmpty() {
    String name = uniqueTableName();
    TableClient table = service.createTable(name);
    table.createEntity(new TableEntity("p", "r").addProperty("v", 1));

    RawResponse response = raw.delete(ODataPaths.table(name)).send();
    assertThat(response.status()).as(response.toString()).isEqualTo(204);
    assertThat(tableNames()).doesNotContain(name);

    TableClient again = service.createTable(name);
    assertThat(again.listEntities()).isEmpty();
    assertServiceError(404, "ResourceNotFound", () -> again.getEntity("p", "r"));
  }

  @Test
  void deleteTable_viaSdk_removesTheTable() {
    String name = uniqueTableName();
    service.createTable(name);

    assertThat(service.deleteTableWithResponse(name, null, null).getStatusCode()).isEqualTo(204);
    assertThat(tableNames()).doesNotContain(name);
  }

  @Test
  void deleteTable_missing_returns404ResourceNotFound() {
    // The SDK swallows this 404, so look at the wire. The service answers ResourceNotFound here.
    RawResponse response = raw.delete(ODataPaths.table(uniqueTableName())).send();

    assertError(response, 404, "ResourceNotFound");
  }

  @Test
  void entityOperations_addressTheTableCaseInsensitively() {
    String name = "Case" + uniqueTableName();
    service.createTable(name);

    service
        .getTableClient(name.toUpperCase())
        .createEntity(new TableEntity("p", "r").addProperty("v", 1));

    assertThat(service.getTableClient(name.toLowerCase()).getEntity("p", "r").getProperty("v"))
        .isEqualTo(1);
    assertThat(service.getTableClient(name).listEntities()).hasSize(1);
  }

  @Test
  void entityOperations_afterTableDelete_return404TableNotFound() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));
    service.deleteTable(table.getTableName());

    assertServiceError(404, "TableNotFound", () -> table.createEntity(new TableEntity("p", "r2")));
    assertServiceError(404, "TableNotFound", () -> table.upsertEntity(new TableEntity("p", "r2")));
  }

  @Test
  void queryTable_byName_returnsItsOriginalCase() {
    String name = "Single" + uniqueTableName();
    service.createTable(name);

    RawResponse response = raw.get(ODataPaths.table(name.toLowerCase())).send();

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().path("TableName").asText()).isEqualTo(name);
  }

  @Test
  void queryTable_missingName_returns404() {
    RawResponse response = raw.get(ODataPaths.table(uniqueTableName())).send();

    assertThat(response.status()).as(response.toString()).isEqualTo(404);
    assertThat(response.errorCode()).isIn("ResourceNotFound", "TableNotFound");
  }

  @Test
  void entityOperation_onMissingTable_returns404TableNotFound() {
    TableClient missing = service.getTableClient(uniqueTableName());

    assertServiceError(404, "TableNotFound", () -> missing.createEntity(new TableEntity("p", "r")));
  }

  @Test
  void tableName_ofExactly3And63Characters_isAccepted() {
    String shortest = "a" + uniqueTableName().substring(1, 3);
    String longest = uniqueTableName() + "x".repeat(63 - 33);

    service.createTable(shortest);
    service.createTable(longest);

    assertThat(tableNames()).contains(shortest, longest);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1abc", "ab-cd", "ab_cd"})
  void createTable_withInvalidCharacters_returns400InvalidResourceName(String name) {
    RawResponse response = raw.post("Tables").json("{\"TableName\":\"" + name + "\"}").send();

    assertError(response, 400, "InvalidResourceName");
  }

  /**
   * The reserved name: a real account answers 400 InvalidInput "One of the request inputs is not
   * valid." (CloudStub CloudStub.Azure.Cosmos.Table.Tests/TableTests/Sync/StubCloudTableTests.cs,
   * Create_WhenTableNameIsReserved_ThrowsException). The record tries only {@code tables}; table
   * names compare case-insensitively, so the other cases are reserved too (Azurite's legacy
   * validator matches {@code /^tables$/i}); no record shows them.
   */
  @ParameterizedTest
  @ValueSource(strings = {"tables", "Tables", "TABLES"})
  void createTable_withTheReservedName_returns400InvalidInput(String name) {
    RawResponse response = raw.post("Tables").json("{\"TableName\":\"" + name + "\"}").send();

    assertError(response, 400, "InvalidInput");
    assertThat(response.json().path("odata.error").path("message").path("value").asText())
        .startsWith("One of the request inputs is not valid.\nRequestId:");
    assertServiceError(400, "InvalidInput", () -> service.createTable(name));
    assertThat(tableNames()).doesNotContain(name);
  }

  @Test
  void createTable_tooShortName_returns400OutOfRangeInput() {
    RawResponse response = raw.post("Tables").json("{\"TableName\":\"ab\"}").send();

    assertError(response, 400, "OutOfRangeInput");
  }

  @Test
  void createTable_nameOf64Characters_returns400OutOfRangeInput() {
    String name = "a" + "b".repeat(63);
    RawResponse response = raw.post("Tables").json("{\"TableName\":\"" + name + "\"}").send();

    assertError(response, 400, "OutOfRangeInput");
  }

  @Test
  void createTable_invalidNameViaSdk_returns400WithACode() {
    TableServiceException e =
        assertThrows(TableServiceException.class, () -> service.createTable("a-b-c"));

    assertThat(e.getResponse().getStatusCode()).isEqualTo(400);
    assertThat(e.getValue().getErrorCode()).isNotNull();
  }

  @Test
  void tables_createdInBulk_areAllListed() {
    List<String> names =
        IntStream.range(0, 5).mapToObj(i -> uniqueTableName()).collect(Collectors.toList());
    names.forEach(service::createTable);

    assertThat(tableNames()).containsAll(names);
  }

  private List<String> tableNames() {
    return StreamSupport.stream(service.listTables().spliterator(), false)
        .map(TableItem::getName)
        .collect(Collectors.toList());
  }

  private static List<String> names(JsonNode feed) {
    List<String> names = new ArrayList<>();
    feed.path("value").forEach(t -> names.add(t.path("TableName").asText()));
    return names;
  }
}
