package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filtered queries page exactly: every matching entity once, in key order, across page, partition
 * and {@code $top} boundaries, in lanes whose server page size is 1, 7 and 1,000; and the opt-in
 * {@code x-tabula-query-plan} header shows that keyed queries read only their keys.
 */
@OnEveryEngineAndPageSize
class QueryFilterPagingContract extends ConformanceBase {
  private static final Pattern PLAN =
      Pattern.compile("([a-z()0-9-]+); scanned=(\\d+); returned=(\\d+)");
  private static final int PARTITIONS = 6;
  private static final int ROWS = 12;

  private TableClient table;
  private List<TableEntity> all;

  /** Partitions Veg0..Veg5, rows r00..r11; n counts up over the table; even n is Green. */
  @BeforeParameterizedClassInvocation
  final void fillTable() {
    table = newTable();
    all = new ArrayList<>();
    int n = 0;
    for (int p = 0; p < PARTITIONS; p++) {
      for (int r = 0; r < ROWS; r++) {
        TableEntity entity =
            new TableEntity("Veg" + p, String.format("r%02d", r))
                .addProperty("n", n)
                .addProperty("Color", n % 2 == 0 ? "Green" : "Red");
        table.createEntity(entity);
        all.add(entity);
        n++;
      }
    }
  }

  /** A filter and the same condition in Java. */
  private record Case(String filter, Predicate<TableEntity> expected) {}

  private static int n(TableEntity e) {
    return (Integer) e.getProperty("n");
  }

  private static List<Case> cases() {
    return List.of(
        new Case(
            "PartitionKey eq 'Veg2' and RowKey eq 'r05'",
            e -> e.getPartitionKey().equals("Veg2") && e.getRowKey().equals("r05")),
        new Case("PartitionKey eq 'Veg3'", e -> e.getPartitionKey().equals("Veg3")),
        new Case(
            "PartitionKey ge 'Veg1' and PartitionKey lt 'Veg4' and Color eq 'Green'",
            e ->
                e.getPartitionKey().compareTo("Veg1") >= 0
                    && e.getPartitionKey().compareTo("Veg4") < 0
                    && n(e) % 2 == 0),
        new Case(
            "PartitionKey eq 'Veg4' and RowKey gt 'r03' and RowKey le 'r09'",
            e ->
                e.getPartitionKey().equals("Veg4")
                    && e.getRowKey().compareTo("r03") > 0
                    && e.getRowKey().compareTo("r09") <= 0),
        new Case(
            "PartitionKey eq 'Veg5' or (PartitionKey eq 'Veg0' and RowKey lt 'r02') or PartitionKey eq 'Veg2'",
            e ->
                e.getPartitionKey().equals("Veg5")
                    || e.getPartitionKey().equals("Veg2")
                    || (e.getPartitionKey().equals("Veg0") && e.getRowKey().compareTo("r02") < 0)),
        new Case(
            "n ge 20 and n lt 50 and Color eq 'Red'",
            e -> n(e) >= 20 && n(e) < 50 && n(e) % 2 == 1),
        new Case(
            "not (PartitionKey lt 'Veg4') and n gt 60",
            e -> e.getPartitionKey().compareTo("Veg4") >= 0 && n(e) > 60),
        new Case("n eq 71 or n eq 0", e -> n(e) == 71 || n(e) == 0));
  }

  private static String key(TableEntity e) {
    return e.getPartitionKey() + "|" + e.getRowKey();
  }

  private List<String> expected(Case c) {
    return all.stream().filter(c.expected()).map(QueryFilterPagingContract::key).toList();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 3, 1000})
  void everyFilter_returnsEveryMatchOnceInKeyOrder_whateverTheTop(int top) {
    for (Case c : cases()) {
      ListEntitiesOptions options = new ListEntitiesOptions().setFilter(c.filter());
      if (top > 0) {
        options.setTop(top);
      }
      List<String> seen = new ArrayList<>();
      for (PagedResponse<TableEntity> page :
          table.listEntities(options, null, null).iterableByPage()) {
        assertThat(page.getValue().size())
            .isLessThanOrEqualTo(Math.min(pageSize(), top > 0 ? top : 1000));
        page.getValue().forEach(e -> seen.add(key(e)));
      }
      assertThat(seen).as(c.filter()).containsExactlyElementsOf(expected(c));
    }
  }

  @Test
  void rawPaging_followsContinuationsThroughEveryFilter() {
    for (Case c : cases()) {
      Totals totals = readAll(c.filter(), "");
      assertThat(totals.keys).as(c.filter()).containsExactlyElementsOf(expected(c));
      assertThat(totals.returned).isEqualTo(expected(c).size());
    }
  }

  @Test
  void pointQuery_scansOneEntity() {
    Totals totals = readAll("PartitionKey eq 'Veg2' and RowKey eq 'r05'", "");
    assertThat(totals.plan).isEqualTo("point");
    assertThat(totals.scanned).isEqualTo(1);
    assertThat(totals.returned).isEqualTo(1);
  }

  @Test
  void partitionQuery_scansOnlyItsPartition() {
    Totals totals = readAll("PartitionKey eq 'Veg3' and Color eq 'Green'", "");
    assertThat(totals.plan).isEqualTo("partition");
    assertThat(totals.scanned).isEqualTo(ROWS);
    assertThat(totals.returned).isEqualTo(ROWS / 2);
  }

  @Test
  void prefixRange_scansOnlyItsRange() {
    Totals totals =
        readAll("PartitionKey ge 'Veg1' and PartitionKey lt 'Veg3' and Color eq 'Red'", "");
    assertThat(totals.plan).isEqualTo("partition-range");
    assertThat(totals.scanned).isEqualTo(2 * ROWS);
    assertThat(totals.returned).isEqualTo(ROWS);
  }

  @Test
  void rowRange_scansOnlyItsRows() {
    Totals totals =
        readAll("PartitionKey eq 'Veg4' and RowKey gt 'r03' and RowKey le 'r09'", "&$top=2");
    assertThat(totals.plan).isEqualTo("row-range");
    assertThat(totals.scanned).isEqualTo(6);
  }

  @Test
  void unionOfPartitions_scansOnlyThosePartitions() {
    Totals totals = readAll("PartitionKey eq 'Veg5' or PartitionKey eq 'Veg0'", "");
    assertThat(totals.plan).isEqualTo("union(2)");
    assertThat(totals.scanned).isEqualTo(2 * ROWS);
  }

  @Test
  void filterOnAPropertyOnly_scansTheTable() {
    Totals totals = readAll("n eq 71", "");
    assertThat(totals.plan).isEqualTo("scan");
    assertThat(totals.scanned).isEqualTo(PARTITIONS * ROWS);
    assertThat(totals.returned).isEqualTo(1);
  }

  @Test
  void sdkClients_canAskForThePlanWithAPipelinePolicy() {
    HttpHeaderName ask = HttpHeaderName.fromString("x-tabula-query-stats");
    TableClient client =
        new TableClientBuilder()
            .connectionString(Clients.connectionString(server, TestAccounts.DEVELOPMENT))
            .tableName(table.getTableName())
            .addPolicy(
                (context, next) -> {
                  context.getHttpRequest().setHeader(ask, "true");
                  return next.process();
                })
            .buildClient();
    ListEntitiesOptions options =
        new ListEntitiesOptions().setFilter("PartitionKey eq 'Veg1' and RowKey eq 'r01'");
    PagedResponse<TableEntity> page =
        client.listEntities(options, null, null).iterableByPage().iterator().next();
    assertThat(page.getHeaders().getValue(HttpHeaderName.fromString("x-tabula-query-plan")))
        .isEqualTo("point; scanned=1; returned=1");
  }

  @Test
  void withoutTheOptInHeader_noPlanHeaderIsSent() {
    RawResponse response =
        raw.get(
                table.getTableName()
                    + "()?$filter="
                    + ODataPaths.encodeQuery("PartitionKey eq 'Veg1'"))
            .send();
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.hasHeader("x-tabula-query-plan")).isFalse();
  }

  /** What a whole filtered query read and returned, summed over its pages. */
  private static final class Totals {
    final List<String> keys = new ArrayList<>();
    String plan;
    long scanned;
    long returned;
  }

  private Totals readAll(String filter, String extraQuery) {
    Totals totals = new Totals();
    String query =
        table.getTableName() + "()?$filter=" + ODataPaths.encodeQuery(filter) + extraQuery;
    String next = query;
    for (int requests = 0; next != null; requests++) {
      assertThat(requests).isLessThan(2 * PARTITIONS * ROWS + 10);
      RawResponse response = raw.get(next).header("x-tabula-query-stats", "true").send();
      assertThat(response.status()).as(response.toString()).isEqualTo(200);
      response
          .json()
          .path("value")
          .forEach(
              e ->
                  totals.keys.add(
                      e.path("PartitionKey").asText() + "|" + e.path("RowKey").asText()));
      Matcher m = PLAN.matcher(response.header("x-tabula-query-plan"));
      assertThat(m.matches()).as(response.header("x-tabula-query-plan")).isTrue();
      totals.plan = m.group(1);
      totals.scanned += Long.parseLong(m.group(2));
      totals.returned += Long.parseLong(m.group(3));
      assertThat(Long.parseLong(m.group(3))).isEqualTo(response.json().path("value").size());
      String continuation = response.continuation();
      next = continuation == null ? null : query + continuation;
    }
    return totals;
  }
}
