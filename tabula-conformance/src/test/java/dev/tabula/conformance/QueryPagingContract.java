package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/**
 * Query Entities without a filter: the whole table in PartitionKey, RowKey order, every entity
 * exactly once, whatever the page size. Runs in lanes with server page sizes 1, 7 and 1000.
 */
@OnEveryEngineAndPageSize
class QueryPagingContract extends ConformanceBase {
  /** Keys chosen so that string order differs from numeric order and partitions differ in size. */
  private static final String[] PARTITIONS = {"a", "a b", "b", "B", "zz", "ä", ""};

  private TableClient table;
  private List<String> expected;

  @BeforeParameterizedClassInvocation
  final void fillTable() {
    table = newTable();
    expected = new ArrayList<>();
    int[] sizes = {1, 12, 3, 9, 2, 5, 4};
    for (int p = 0; p < PARTITIONS.length; p++) {
      for (int r = 0; r < sizes[p]; r++) {
        String rowKey = Integer.toString(r * 7 % 13) + "-" + r;
        table.createEntity(new TableEntity(PARTITIONS[p], rowKey).addProperty("n", p * 100 + r));
        expected.add(PARTITIONS[p] + "|" + rowKey);
      }
    }
    // The service sorts keys as strings; these keys are all below U+D800, where UTF-16 and
    // code-point order agree.
    expected.sort(
        Comparator.comparing((String k) -> k.substring(0, k.indexOf('|')))
            .thenComparing(k -> k.substring(k.indexOf('|') + 1)));
  }

  @Test
  void listEntities_returnsTheWholeTableInKeyOrderExactlyOnce() {
    List<String> seen = keys(table.listEntities());

    assertThat(seen).containsExactlyElementsOf(expected);
  }

  @Test
  void listEntities_pagesNeverExceedTheServerPageSize() {
    List<String> seen = new ArrayList<>();
    for (PagedResponse<TableEntity> page : table.listEntities().iterableByPage()) {
      assertThat(page.getValue().size()).isLessThanOrEqualTo(pageSize());
      page.getValue().forEach(e -> seen.add(key(e)));
    }

    assertThat(seen).containsExactlyElementsOf(expected);
  }

  @Test
  void listEntities_withTop3_followsContinuationsAndPagesHoldAtMost3() {
    List<String> seen = new ArrayList<>();
    int pages = 0;
    for (PagedResponse<TableEntity> page :
        table.listEntities(new ListEntitiesOptions().setTop(3), null, null).iterableByPage()) {
      pages++;
      assertThat(page.getValue().size()).isLessThanOrEqualTo(3);
      page.getValue().forEach(e -> seen.add(key(e)));
    }

    assertThat(seen).containsExactlyElementsOf(expected);
    assertThat(pages).isGreaterThanOrEqualTo(expected.size() / 3);
  }

  @Test
  void listEntities_withSelect_keepsOrderAcrossPages() {
    ListEntitiesOptions options =
        new ListEntitiesOptions().setSelect(List.of("PartitionKey", "RowKey", "n"));
    List<TableEntity> all =
        StreamSupport.stream(table.listEntities(options, null, null).spliterator(), false)
            .collect(Collectors.toList());

    assertThat(all.stream().map(QueryPagingContract::key).collect(Collectors.toList()))
        .containsExactlyElementsOf(expected);
    assertThat(all).allSatisfy(e -> assertThat(e.getProperty("n")).isInstanceOf(Integer.class));
  }

  @Test
  void rawQuery_continuationHeaders_resumeExactlyAfterThePreviousPage() {
    List<String> seen = new ArrayList<>();
    String query = table.getTableName() + "()?$top=5";
    String next = query;
    int requests = 0;
    boolean sawContinuation = false;
    while (next != null) {
      assertThat(++requests)
          .as("pages for %d entities", expected.size())
          .isLessThan(4 * expected.size() + 10);
      RawResponse response = raw.get(next).send();
      assertThat(response.status()).as(response.toString()).isEqualTo(200);
      JsonNode page = response.json().path("value");
      assertThat(page.size()).isLessThanOrEqualTo(Math.min(5, pageSize()));
      page.forEach(
          e -> seen.add(e.path("PartitionKey").asText() + "|" + e.path("RowKey").asText()));
      String pk = response.header("x-ms-continuation-NextPartitionKey");
      String rk = response.header("x-ms-continuation-NextRowKey");
      next = null;
      if (pk != null) {
        sawContinuation = true;
        next =
            query
                + "&NextPartitionKey="
                + ODataPaths.encodeQuery(pk)
                + (rk == null ? "" : "&NextRowKey=" + ODataPaths.encodeQuery(rk));
      }
    }

    assertThat(sawContinuation).isTrue();
    assertThat(seen).containsExactlyElementsOf(expected);
  }

  @Test
  void rawQuery_lastPage_hasNoContinuation() {
    RawResponse response = raw.get(table.getTableName() + "()?$top=1000").send();

    if (pageSize() >= expected.size()) {
      assertThat(response.hasHeader("x-ms-continuation-NextPartitionKey")).isFalse();
      assertThat(response.json().path("value")).hasSize(expected.size());
    } else {
      assertThat(response.header("x-ms-continuation-NextPartitionKey")).isNotNull();
      assertThat(response.json().path("value").size()).isLessThanOrEqualTo(pageSize());
    }
  }

  @Test
  void rawQuery_withAGarbageContinuation_isAnsweredWithout5xx() {
    for (String token : new String[] {"garbage", "1!8!%FF%FE", "%00", "!!!", "1!999999!QQ"}) {
      RawResponse response =
          raw.get(table.getTableName() + "()?NextPartitionKey=" + token + "&NextRowKey=" + token)
              .send();

      assertThat(response.status()).as(response.toString()).isIn(200, 400);
    }
  }

  @Test
  void rawQuery_resumesCorrectlyAfterTheNextEntityWasDeleted() {
    TableClient small = newTable();
    for (int i = 0; i < 10; i++) {
      small.createEntity(new TableEntity("p", "r" + i));
    }
    RawResponse first = raw.get(small.getTableName() + "()?$top=3").send();
    List<String> seen = new ArrayList<>();
    first.json().path("value").forEach(e -> seen.add(e.path("RowKey").asText()));
    String pk = first.header("x-ms-continuation-NextPartitionKey");
    String rk = first.header("x-ms-continuation-NextRowKey");
    assertThat(pk).as("continuation of %s", first).isNotNull();
    // Remove the entity the continuation points at (r3 when the page held 3), and one later on.
    small.deleteEntity("p", "r" + seen.size());
    small.deleteEntity("p", "r8");

    String next =
        small.getTableName()
            + "()?NextPartitionKey="
            + ODataPaths.encodeQuery(pk)
            + (rk == null ? "" : "&NextRowKey=" + ODataPaths.encodeQuery(rk));
    for (int guard = 0; next != null && guard < 40; guard++) {
      RawResponse page = raw.get(next).send();
      assertThat(page.status()).as(page.toString()).isEqualTo(200);
      page.json().path("value").forEach(e -> seen.add(e.path("RowKey").asText()));
      String npk = page.header("x-ms-continuation-NextPartitionKey");
      String nrk = page.header("x-ms-continuation-NextRowKey");
      next =
          npk == null
              ? null
              : small.getTableName()
                  + "()?NextPartitionKey="
                  + ODataPaths.encodeQuery(npk)
                  + (nrk == null ? "" : "&NextRowKey=" + ODataPaths.encodeQuery(nrk));
    }

    int firstPage = first.json().path("value").size();
    List<String> expectedRows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      if (i != firstPage && i != 8) {
        expectedRows.add("r" + i);
      }
    }
    assertThat(seen).containsExactlyElementsOf(expectedRows);
  }

  @Test
  void listEntities_overOneThousandEntities_followsTheServiceSizedPages() {
    TableClient big = newTable();
    for (int i = 0; i < 1_050; i++) {
      big.createEntity(new TableEntity("p" + (i % 2), String.format("r%04d", i)));
    }

    List<Integer> sizes = new ArrayList<>();
    long total = 0;
    for (PagedResponse<TableEntity> page : big.listEntities().iterableByPage()) {
      sizes.add(page.getValue().size());
      total += page.getValue().size();
    }

    assertThat(total).isEqualTo(1_050);
    assertThat(sizes)
        .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(Math.min(1000, pageSize())));
  }

  @Test
  void listEntities_ofAnEmptyTable_isEmpty() {
    assertThat(newTable().listEntities()).isEmpty();
  }

  @Test
  void listTables_followsContinuationsAndSeesEveryTableOnce() {
    List<String> created = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      created.add(service.createTable(uniqueTableName()).getTableName());
    }

    List<String> seen =
        StreamSupport.stream(service.listTables().spliterator(), false)
            .map(TableItem::getName)
            .collect(Collectors.toList());

    assertThat(seen).containsAll(created).contains(table.getTableName()).doesNotHaveDuplicates();
  }

  private static List<String> keys(Iterable<TableEntity> entities) {
    return StreamSupport.stream(entities.spliterator(), false)
        .map(QueryPagingContract::key)
        .collect(Collectors.toList());
  }

  private static String key(TableEntity e) {
    return e.getPartitionKey() + "|" + e.getRowKey();
  }
}
