package dev.tabula.conformance;

import static com.microsoft.azure.storage.table.TableQuery.combineFilters;
import static com.microsoft.azure.storage.table.TableQuery.generateFilterCondition;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.azure.storage.ResultContinuation;
import com.microsoft.azure.storage.ResultSegment;
import com.microsoft.azure.storage.table.CloudTable;
import com.microsoft.azure.storage.table.DynamicTableEntity;
import com.microsoft.azure.storage.table.EntityProperty;
import com.microsoft.azure.storage.table.TableBatchOperation;
import com.microsoft.azure.storage.table.TableQuery;
import com.microsoft.azure.storage.table.TableQuery.Operators;
import com.microsoft.azure.storage.table.TableQuery.QueryComparisons;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/**
 * {@code TableQuery} through the legacy Java client: the filter strings its {@code
 * generateFilterCondition} writes for each Java type ({@code 42L}, {@code datetime'…'}, {@code
 * guid'…'}, {@code X'…'}), {@code combineFilters}, {@code take} and {@code select}, and the
 * service's 1,000-entity pages followed with the continuation headers by {@code executeSegmented}.
 */
@OnEveryEngine
class LegacyQueryContract extends LegacyClientBase {
  private static final long DAY = 86_400_000L;
  private static final Date BASE = new Date(1_600_000_000_000L);
  private CloudTable table;

  private static UUID guid(int i) {
    return UUID.fromString("00000000-0000-0000-0000-00000000000" + i);
  }

  @BeforeParameterizedClassInvocation
  final void fillTable() throws Exception {
    table = newLegacyTable();
    TableBatchOperation batch = new TableBatchOperation();
    for (int i = 0; i < 10; i++) {
      DynamicTableEntity e = new DynamicTableEntity("p", "r0" + i);
      Map<String, EntityProperty> p = e.getProperties();
      p.put("S", new EntityProperty("s" + i));
      p.put("I", new EntityProperty(i));
      p.put("L", new EntityProperty(i * 10_000_000_000L));
      p.put("D", new EntityProperty(i + 0.5));
      p.put("B", new EntityProperty(i % 2 == 0));
      p.put("T", new EntityProperty(new Date(BASE.getTime() + i * DAY)));
      p.put("G", new EntityProperty(guid(i)));
      p.put("X", new EntityProperty(new byte[] {(byte) i}));
      batch.insert(e);
    }
    table.execute(batch);
  }

  private List<String> rowKeys(String filter) {
    List<String> keys = new ArrayList<>();
    table
        .execute(TableQuery.from(DynamicTableEntity.class).where(filter))
        .forEach(e -> keys.add(e.getRowKey()));
    return keys;
  }

  @Test
  void filterConditions_ofEachJavaType_selectByValue() {
    assertThat(rowKeys(generateFilterCondition("S", QueryComparisons.EQUAL, "s3")))
        .containsExactly("r03");
    assertThat(rowKeys(generateFilterCondition("I", QueryComparisons.GREATER_THAN_OR_EQUAL, 7)))
        .containsExactly("r07", "r08", "r09");
    assertThat(rowKeys(generateFilterCondition("L", QueryComparisons.LESS_THAN, 20_000_000_000L)))
        .containsExactly("r00", "r01");
    assertThat(rowKeys(generateFilterCondition("D", QueryComparisons.GREATER_THAN, 8.0)))
        .containsExactly("r08", "r09");
    assertThat(rowKeys(generateFilterCondition("B", QueryComparisons.NOT_EQUAL, true)))
        .containsExactly("r01", "r03", "r05", "r07", "r09");
    Date eighth = new Date(BASE.getTime() + 8 * DAY);
    assertThat(
            rowKeys(generateFilterCondition("T", QueryComparisons.GREATER_THAN_OR_EQUAL, eighth)))
        .containsExactly("r08", "r09");
    assertThat(rowKeys(generateFilterCondition("G", QueryComparisons.EQUAL, guid(5))))
        .containsExactly("r05");
    assertThat(rowKeys(generateFilterCondition("X", QueryComparisons.EQUAL, new byte[] {4})))
        .containsExactly("r04");
  }

  @Test
  void combinedFilters_nestAsTheLibraryParenthesisesThem() {
    String range =
        combineFilters(
            generateFilterCondition("I", QueryComparisons.GREATER_THAN_OR_EQUAL, 2),
            Operators.AND,
            generateFilterCondition("I", QueryComparisons.LESS_THAN, 5));
    String either =
        combineFilters(
            range, Operators.OR, generateFilterCondition("S", QueryComparisons.EQUAL, "s9"));
    String keys =
        combineFilters(
            generateFilterCondition("PartitionKey", QueryComparisons.EQUAL, "p"),
            Operators.AND,
            combineFilters(
                generateFilterCondition("RowKey", QueryComparisons.GREATER_THAN_OR_EQUAL, "r05"),
                Operators.AND,
                generateFilterCondition("RowKey", QueryComparisons.LESS_THAN, "r07")));

    assertThat(rowKeys(either)).containsExactly("r02", "r03", "r04", "r09");
    assertThat(rowKeys(keys)).containsExactly("r05", "r06");
    assertThat(rowKeys(combineFilters(range, Operators.AND, "not (B eq true)")))
        .containsExactly("r03");
  }

  @Test
  void takeAndSelect_limitThePageAndTheProperties() throws Exception {
    TableQuery<DynamicTableEntity> query =
        TableQuery.from(DynamicTableEntity.class).take(3).select(new String[] {"I"});

    ResultSegment<DynamicTableEntity> page = table.executeSegmented(query, null);

    assertThat(page.getResults())
        .extracting(DynamicTableEntity::getRowKey)
        .containsExactly("r00", "r01", "r02");
    assertThat(page.getContinuationToken()).isNotNull();
    assertThat(page.getResults().get(1).getProperties()).containsOnlyKeys("I");
    assertThat(page.getResults().get(1).getEtag()).startsWith("W/\"datetime'");
  }

  /** The service answers at most 1,000 entities a page (Query Entities docs). */
  @Test
  void executeSegmented_overMoreThanAThousandEntities_continuesWithTheServiceToken()
      throws Exception {
    CloudTable big = newLegacyTable();
    for (int start = 0; start < 1050; start += 100) {
      TableBatchOperation batch = new TableBatchOperation();
      for (int i = start; i < Math.min(start + 100, 1050); i++) {
        DynamicTableEntity e = new DynamicTableEntity("big", String.format("%04d", i));
        e.getProperties().put("n", new EntityProperty(i));
        batch.insert(e);
      }
      big.execute(batch);
    }
    TableQuery<DynamicTableEntity> query =
        TableQuery.from(DynamicTableEntity.class)
            .where(generateFilterCondition("PartitionKey", QueryComparisons.EQUAL, "big"));

    ResultSegment<DynamicTableEntity> first = big.executeSegmented(query, null);
    ResultContinuation token = first.getContinuationToken();
    ResultSegment<DynamicTableEntity> second = big.executeSegmented(query, token);

    assertThat(first.getResults()).hasSize(1000);
    assertThat(token).isNotNull();
    assertThat(second.getResults()).hasSize(50);
    assertThat(second.getResults().get(0).getRowKey()).isEqualTo("1000");
    assertThat(second.getContinuationToken()).isNull();
    List<Integer> all = new ArrayList<>();
    big.execute(query).forEach(e -> all.add(e.getProperties().get("n").getValueAsInteger()));
    assertThat(all).hasSize(1050).isSorted();
  }
}
