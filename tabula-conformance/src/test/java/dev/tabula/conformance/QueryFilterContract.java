package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.ListTablesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code $filter} through the official SDK: every literal type and operator, comparisons across
 * types, properties an entity lacks, the service's errors, {@code $select} and {@code $top} with a
 * filter, and Query Tables filters on {@code TableName}. Expected results follow the semantics in
 * {@code dev.tabula.query.ValueComparison} and {@code FilterEvaluator}, which cite their sources.
 */
@OnEveryEngine
class QueryFilterContract extends ConformanceBase {
  private static final UUID GUID_1 = UUID.fromString("a455c695-df98-5678-aaaa-81d3367e5a34");
  private static final UUID GUID_2 = UUID.fromString("c455c695-df98-5678-aaaa-81d3367e5a34");

  private TableClient table;

  /**
   * Row 1 and row 2 hold one property of every type; row 3 holds only Str; row 4 holds I32 as a
   * string, so the type rules decide.
   */
  @BeforeParameterizedClassInvocation
  final void fillTable() {
    table = newTable();
    table.createEntity(
        new TableEntity("types", "1")
            .addProperty("Str", "apple")
            .addProperty("I32", 5)
            .addProperty("I64", 5L)
            .addProperty("Dbl", 5.0)
            .addProperty("Bool", true)
            .addProperty("Dt", OffsetDateTime.parse("2020-01-01T00:00:00Z"))
            .addProperty("Guid", GUID_1)
            .addProperty("Bin", new byte[] {0x0a, 0x1b}));
    table.createEntity(
        new TableEntity("types", "2")
            .addProperty("Str", "it's")
            .addProperty("I32", 7)
            .addProperty("I64", 5454161346626L)
            .addProperty("Dbl", 2.5)
            .addProperty("Bool", false)
            .addProperty("Dt", OffsetDateTime.parse("2021-06-18T21:43:35.7585671Z"))
            .addProperty("Guid", GUID_2)
            .addProperty("Bin", new byte[] {(byte) 0xff}));
    table.createEntity(new TableEntity("types", "3").addProperty("Str", "banana"));
    table.createEntity(new TableEntity("types", "4").addProperty("I32", "5"));
  }

  /**
   * The RowKeys the filter returns. The synchronous SDK surfaces errors as HttpResponseException.
   */
  private List<String> rowKeys(String filter) {
    List<String> rows = new ArrayList<>();
    table
        .listEntities(new ListEntitiesOptions().setFilter(filter), null, null)
        .forEach(e -> rows.add(e.getRowKey()));
    return rows;
  }

  @ParameterizedTest(name = "{0} -> [{1}]")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Str eq 'apple'|1",
        "Str eq 'it''s'|2",
        "Str gt 'b'|2,3",
        "Str lt 'b'|1",
        "Str ge 'banana'|2,3",
        "Str le 'apple'|1",
        // Row 4's I32 is the string '5': a string is ne, lt and le any number (see below).
        "I32 eq 5|1",
        "I32 ne 5|2,4",
        "I32 gt 5|2",
        "I32 ge 5|1,2",
        "I32 lt 7|1,4",
        "I32 le 7|1,2,4",
        "I64 eq 5454161346626L|2",
        "I64 lt 5454161346626L|1",
        "I64 eq 5L|1",
        "Dbl eq 2.5|2",
        "Dbl gt 2.5|1",
        "Dbl eq 5.0|1",
        "Dbl lt 1e1|1,2",
        "Dbl le 2.5E0|2",
        "Bool eq true|1",
        "Bool eq false|2",
        "Bool ne true|2",
        "Dt ge datetime'2021-01-01T00:00:00Z'|2",
        "Dt lt datetime'2021-01-01T00:00:00Z'|1",
        "Dt eq datetime'2021-06-18T21:43:35.7585671Z'|2",
        "Guid eq guid'a455c695-df98-5678-aaaa-81d3367e5a34'|1",
        "Guid gt guid'a455c695-df98-5678-aaaa-81d3367e5a34'|2",
        "Bin eq X'0a1b'|1",
        "Bin eq binary'ff'|2",
        "Bin eq x'FF'|2",
        "Timestamp gt datetime'2000-01-01T00:00:00Z'|1,2,3,4",
        "PartitionKey eq 'types' and RowKey ge '2' and RowKey lt '4'|2,3"
      })
  void everyLiteralTypeAndOperator_matchesByValue(String filter, String expected) {
    assertThat(rowKeys(filter)).containsExactly(expected.split(","));
  }

  /**
   * CloudStub's query comparison data, recorded against a real storage account
   * (CloudStub.AzureDataTables.Tests/Data/TableQueryComparisonTestData.cs, and the same table in
   * CloudStub.Azure.Cosmos.Table.Tests/StubCloudTableQueryComparisonTestData.cs): a numeric
   * constant compares by value with a property of its own or a wider numeric type (Int64Prop 3 eq
   * 3, DoubleProp 3 eq 3 and eq 3L); any other pair of types answers eq, gt and ge false and ne, lt
   * and le true (Int32Prop 3 lt 3L, StringProp '3' lt 3, BoolProp ne 3D, ...). Azure/Azurite#2342:
   * a maintainer's trace shows the service matching a Double property with {@code foo lt ''}.
   */
  @ParameterizedTest(name = "{0} -> [{1}]")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        // A numeric constant compares by value with a property of its own or a wider numeric type.
        "I64 eq 5|1",
        "I64 gt 5|2",
        "Dbl eq 5|1",
        "Dbl eq 5L|1",
        "Dbl lt 3|2",
        // Any other pair of types: eq, gt, ge never hold; row 4's I32 is the string '5'.
        "I32 eq 5L|\"\"",
        "I32 eq 5.0|\"\"",
        "I64 eq 5.0|\"\"",
        "I32 ge 5L|\"\"",
        "I32 gt 1.0|\"\"",
        "I32 eq '5'|4",
        "Str eq 5|\"\"",
        "Str gt 5|\"\"",
        "Str ge 5|\"\"",
        "Guid eq 'a455c695-df98-5678-aaaa-81d3367e5a34'|\"\"",
        "Dt eq '2020-01-01T00:00:00Z'|\"\"",
        "Bool eq 'true'|\"\"",
        "Bool ge 1|\"\"",
        // ... and ne, lt, le always hold, whatever the values.
        "I32 lt 5L|1,2,4",
        "I32 ne 5.0|1,2,4",
        "I32 le -9L|1,2,4",
        "I64 lt 1.0|1,2",
        "Str ne 5|1,2,3",
        "Str le 5|1,2,3",
        "Guid lt 'a455c695-df98-5678-aaaa-81d3367e5a34'|1,2",
        "Dt le '2020-01-01T00:00:00Z'|1,2",
        "Bool ne 'true'|1,2",
        "Bin lt 0|1,2",
        "Dbl lt true|1,2",
        // Keys are strings: the same rules make a key against a number hold for every entity or
        // none.
        "PartitionKey lt 5|1,2,3,4",
        "PartitionKey ge 5|\"\"",
        "not (RowKey ne 5L)|\"\"",
        "not (RowKey eq 5L)|1,2,3,4",
        "PartitionKey eq 'types' and RowKey le 0|1,2,3,4"
      })
  void comparisonsAcrossTypes_followTheServicesTypeRules(String filter, String expected) {
    List<String> rows = rowKeys(filter);
    if (expected.isEmpty()) {
      assertThat(rows).isEmpty();
    } else {
      assertThat(rows).containsExactly(expected.split(","));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"eq", "ne", "gt", "ge", "lt", "le"})
  void missingProperty_matchesNoOperatorIncludingNe(String op) {
    assertThat(rowKeys("Missing " + op + " ''")).isEmpty();
    assertThat(rowKeys("Bool " + op + " true")).doesNotContain("3", "4");
  }

  @Test
  void notOfAComparison_matchesEntitiesLackingTheProperty() {
    assertThat(rowKeys("not (Bool eq true)")).containsExactly("2", "3", "4");
  }

  @Test
  void logicPrecedenceAndParentheses() {
    assertThat(rowKeys("I32 eq 5 or I32 eq 7 and Bool eq true")).containsExactly("1");
    assertThat(rowKeys("(I32 eq 5 or I32 eq 7) and Bool eq false")).containsExactly("2");
    assertThat(rowKeys("(Str eq 'apple')or(Str eq 'banana')")).containsExactly("1", "3");
  }

  @Test
  void constantOnTheLeft_isAccepted() {
    assertThat(rowKeys("5 lt I32")).containsExactly("2");
    assertThat(rowKeys("'types' eq PartitionKey and '1' eq RowKey")).containsExactly("1");
  }

  @Test
  void bareBooleans_areFilters() {
    assertThat(rowKeys("false")).isEmpty();
    assertThat(rowKeys("true and RowKey eq '3'")).containsExactly("3");
  }

  @Test
  void emptyFilter_returnsEverything() {
    RawResponse response = raw.get(table.getTableName() + "()?$filter=").send();
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().path("value")).hasSize(4);
  }

  @Test
  void int32LiteralTooLarge_isInvalidInput() {
    assertHttpError(400, "InvalidInput", () -> rowKeys("I64 eq 5454161346626"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Str eq",
        "Str Eq 'apple'",
        "Str eq 'apple' Or Str eq 'banana'",
        "(Str eq 'apple'",
        "Str eq \"apple\"",
        "Str eq null",
        "1",
        "Bin eq X'abc'",
        "Guid eq guid'nope'",
        "Dt eq datetime'yesterday'"
      })
  void malformedFilters_areInvalidInput(String filter) {
    assertHttpError(400, "InvalidInput", () -> rowKeys(filter));
  }

  /**
   * The service's message for text after a complete expression, with the position just after the
   * first such token: {@code property1 eq 1'invalid'} is "Syntax error at position 23 in 'property1
   * eq 1'invalid''." on a real account (CloudStub
   * CloudStub.Azure.Data.Tables.Tests/Table/Sync/TableClientQueryTests.cs,
   * Query_WhenUsingAnInvalidFilter_ThrowsException: 400 InvalidInput), and {@code
   * 2019-03-20T21:13:35.0173879Z} is "Syntax error at position 7 in '…'." (MicrosoftDocs/azure-docs
   * #27658). Query Tables parses filters the same way.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "property1 eq 1'invalid'|23",
        "2019-03-20T21:13:35.0173879Z|7",
        "Str eq 'apple' Or Str eq 'banana'|17"
      })
  void textAfterACompleteFilter_isSyntaxErrorAtThePositionAfterItsFirstToken(
      String filter, int position) {
    String expected = "Syntax error at position " + position + " in '" + filter + "'.";
    for (String path : List.of(table.getTableName() + "()", "Tables")) {
      RawResponse response = raw.get(path + "?$filter=" + ODataPaths.encodeQuery(filter)).send();

      assertThat(response.status()).as(path).isEqualTo(400);
      assertThat(response.errorCode()).isEqualTo("InvalidInput");
      assertThat(response.json().path("odata.error").path("message").path("value").asText())
          .startsWith(expected + "\nRequestId:");
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "startswith(Str,'a')",
        "substringof('a', Str) eq true",
        "1 eq 1",
        "Str eq I32",
        "I32 add 1 eq 6"
      })
  void unsupportedOData_isNotImplemented(String filter) {
    assertHttpError(501, "NotImplemented", () -> rowKeys(filter));
  }

  @Test
  void fifteenComparisons_work_sixteenAreRefused() {
    StringBuilder filter = new StringBuilder("RowKey eq '1'");
    for (int i = 2; i <= 15; i++) {
      filter.append(" or RowKey eq '").append(i).append('\'');
    }
    assertThat(rowKeys(filter.toString())).containsExactly("1", "2", "3", "4");
    assertHttpError(400, "InvalidInput", () -> rowKeys(filter + " or RowKey eq '16'"));
  }

  @Test
  void selectWithFilter_projectsAndRendersAbsentPropertiesAsNull() {
    List<TableEntity> found = new ArrayList<>();
    table
        .listEntities(
            new ListEntitiesOptions().setFilter("Str ne 'apple'").setSelect(List.of("Str", "I32")),
            null,
            null)
        .forEach(found::add);
    assertThat(found).extracting(e -> e.getProperty("Str")).containsExactly("it's", "banana");
    assertThat(found).allSatisfy(e -> assertThat(e.getProperties()).doesNotContainKey("Dbl"));

    RawResponse response =
        raw.get(
                table.getTableName()
                    + "()?$filter="
                    + ODataPaths.encodeQuery("RowKey eq '3'")
                    + "&$select=Str,I32")
            .send();
    JsonNode entity = response.json().path("value").get(0);
    assertThat(entity.path("Str").asText()).isEqualTo("banana");
    assertThat(entity.has("I32")).isTrue();
    assertThat(entity.get("I32").isNull()).isTrue();
    assertThat(entity.has("Dbl")).isFalse();
  }

  @Test
  void topWithFilter_limitsEachPageAndContinues() {
    List<String> rows = new ArrayList<>();
    int pages = 0;
    for (var page :
        table
            .listEntities(new ListEntitiesOptions().setFilter("Str ne 'x'").setTop(1), null, null)
            .iterableByPage()) {
      assertThat(page.getValue().size()).isLessThanOrEqualTo(1);
      page.getValue().forEach(e -> rows.add(e.getRowKey()));
      pages++;
    }
    assertThat(rows).containsExactly("1", "2", "3");
    assertThat(pages).isGreaterThanOrEqualTo(3);
  }

  @Test
  void queryTables_filtersOnTableName() {
    String prefix = "q" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    for (String suffix : List.of("a", "b", "c")) {
      service.createTable(prefix + suffix);
    }
    assertThat(tableNames("TableName ge '" + prefix + "' and TableName lt '" + prefix + "~'"))
        .containsExactly(prefix + "a", prefix + "b", prefix + "c");
    assertThat(tableNames("TableName eq '" + prefix + "b'")).containsExactly(prefix + "b");
    assertThat(tableNames("TableName eq '" + prefix + "a' or TableName eq '" + prefix + "c'"))
        .containsExactly(prefix + "a", prefix + "c");
    assertThat(
            tableNames("TableName gt '" + prefix + "a' and not (TableName ge '" + prefix + "c')"))
        .containsExactly(prefix + "b");
    assertThat(tableNames("TableName eq 'nosuchtable" + prefix + "'")).isEmpty();
  }

  @Test
  void queryTables_withTopAndFilter_pagesThroughMatches() {
    String prefix = "p" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    for (int i = 0; i < 5; i++) {
      service.createTable(prefix + i);
    }
    List<String> names = new ArrayList<>();
    service
        .listTables(
            new ListTablesOptions()
                .setFilter("TableName ge '" + prefix + "' and TableName lt '" + prefix + "~'")
                .setTop(2),
            null,
            null)
        .forEach(t -> names.add(t.getName()));
    assertThat(names).containsExactly(prefix + 0, prefix + 1, prefix + 2, prefix + 3, prefix + 4);
  }

  @Test
  void queryTables_malformedFilter_isInvalidInput() {
    assertHttpError(400, "InvalidInput", () -> tableNames("TableName eq"));
    assertHttpError(501, "NotImplemented", () -> tableNames("startswith(TableName,'a')"));
  }

  private List<String> tableNames(String filter) {
    List<String> names = new ArrayList<>();
    for (TableItem item :
        service.listTables(new ListTablesOptions().setFilter(filter), null, null)) {
      names.add(item.getName());
    }
    return names;
  }
}
