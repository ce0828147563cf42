package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.azure.storage.ResultContinuation;
import com.microsoft.azure.storage.ResultSegment;
import com.microsoft.azure.storage.table.CloudTable;
import com.microsoft.azure.storage.table.DynamicTableEntity;
import com.microsoft.azure.storage.table.EntityProperty;
import com.microsoft.azure.storage.table.TableOperation;
import com.microsoft.azure.storage.table.TableQuery;
import com.microsoft.azure.storage.table.TableQuery.QueryComparisons;
import com.microsoft.azure.storage.table.TableResult;
import dev.tabula.conformance.support.LegacyClients;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tables and single-entity operations through the legacy Java client's {@code CloudTable}: every
 * {@code TableOperation}, with ETags and the conflicts as the library reports them. The error codes
 * are the service's (Azure REST docs, "Table service error codes"; CloudStub's real-account records
 * in CloudStub.Azure.Cosmos.Table.Tests assert the same codes through the .NET library of that
 * era).
 */
@OnEveryEngine
class LegacyTableClientContract extends LegacyClientBase {

  @Test
  void table_createExistsDelete_andTheirConflicts() throws Exception {
    CloudTable table = LegacyClients.table(legacy, uniqueTableName());
    assertThat(table.exists()).isFalse();
    table.create();
    assertThat(table.exists()).isTrue();
    assertThat(table.createIfNotExists()).isFalse();
    assertStorageError(409, "TableAlreadyExists", table::create);

    table.delete();
    assertThat(table.exists()).isFalse();
    assertThat(table.deleteIfExists()).isFalse();
    assertStorageError(404, "ResourceNotFound", table::delete);
  }

  @Test
  void listTables_withPrefix_findsOnlyThose_andContinuesPageByPage() throws Exception {
    String prefix = uniqueTableName().substring(0, 20);
    List<String> names = List.of(prefix + "a", prefix + "b", prefix + "c");
    for (String name : names) {
      LegacyClients.table(legacy, name).create();
    }
    newLegacyTable();

    List<String> listed = new ArrayList<>();
    legacy.listTables(prefix).forEach(listed::add);
    assertThat(listed).containsExactlyElementsOf(names);

    ResultSegment<String> first = legacy.listTablesSegmented(prefix, 2, null, null, null);
    assertThat(first.getResults()).containsExactly(names.get(0), names.get(1));
    ResultContinuation token = first.getContinuationToken();
    assertThat(token).isNotNull();
    ResultSegment<String> second = legacy.listTablesSegmented(prefix, 2, token, null, null);
    assertThat(second.getResults()).containsExactly(names.get(2));
    assertThat(second.getContinuationToken()).isNull();
  }

  @Test
  void insert_thenRetrieve_roundTripsWithTheEtag() throws Exception {
    CloudTable table = newLegacyTable();
    DynamicTableEntity e = entity("r", "a", 1);

    TableResult inserted = table.execute(TableOperation.insert(e));

    assertThat(inserted.getHttpStatusCode()).isEqualTo(204);
    assertThat(inserted.getEtag()).startsWith("W/\"datetime'");
    DynamicTableEntity read = retrieve(table, "r");
    assertThat(read.getEtag()).isEqualTo(inserted.getEtag());
    assertThat(read.getTimestamp()).isNotNull();
    assertThat(read.getProperties().get("a").getValueAsInteger()).isEqualTo(1);
  }

  @Test
  void insert_withEchoContent_returns201AndTheStoredEntity() throws Exception {
    CloudTable table = newLegacyTable();

    TableResult inserted = table.execute(TableOperation.insert(entity("r", "a", 1), true));

    assertThat(inserted.getHttpStatusCode()).isEqualTo(201);
    DynamicTableEntity echoed = inserted.getResultAsType();
    assertThat(echoed.getProperties().get("a").getValueAsInteger()).isEqualTo(1);
    assertThat(echoed.getTimestamp()).isNotNull();
    assertThat(echoed.getEtag()).isEqualTo(inserted.getEtag());
  }

  @Test
  void insert_ofAnExistingEntity_is409EntityAlreadyExists() throws Exception {
    CloudTable table = newLegacyTable();
    table.execute(TableOperation.insert(entity("r", "a", 1)));

    assertStorageError(
        409,
        "EntityAlreadyExists",
        () -> table.execute(TableOperation.insert(entity("r", "a", 2))));
  }

  @Test
  void retrieve_ofAMissingEntity_is404WithoutAnException() throws Exception {
    CloudTable table = newLegacyTable();

    TableResult result =
        table.execute(TableOperation.retrieve("p", "missing", DynamicTableEntity.class));

    assertThat(result.getHttpStatusCode()).isEqualTo(404);
    assertThat((Object) result.getResultAsType()).isNull();
  }

  @Test
  void replace_withTheCurrentEtag_replaces_andAStaleOneIs412() throws Exception {
    CloudTable table = newLegacyTable();
    table.execute(TableOperation.insert(entity("r", "a", 1)));
    DynamicTableEntity read = retrieve(table, "r");
    String staleEtag = read.getEtag();

    read.getProperties().clear();
    read.getProperties().put("b", new EntityProperty(2));
    TableResult replaced = table.execute(TableOperation.replace(read));

    assertThat(replaced.getHttpStatusCode()).isEqualTo(204);
    assertThat(replaced.getEtag()).isNotEqualTo(staleEtag);
    assertThat(retrieve(table, "r").getProperties()).containsOnlyKeys("b");
    read.setEtag(staleEtag);
    assertStorageError(
        412, "UpdateConditionNotSatisfied", () -> table.execute(TableOperation.replace(read)));
  }

  @Test
  void merge_withTheCurrentEtag_keepsOtherProperties_andAStaleOneIs412() throws Exception {
    CloudTable table = newLegacyTable();
    table.execute(TableOperation.insert(entity("r", "a", 1)));
    DynamicTableEntity read = retrieve(table, "r");
    String staleEtag = read.getEtag();

    DynamicTableEntity change = entity("r", "b", 2);
    change.setEtag(staleEtag);
    TableResult merged = table.execute(TableOperation.merge(change));

    assertThat(merged.getHttpStatusCode()).isEqualTo(204);
    assertThat(retrieve(table, "r").getProperties()).containsOnlyKeys("a", "b");
    change.setEtag(staleEtag);
    assertStorageError(
        412, "UpdateConditionNotSatisfied", () -> table.execute(TableOperation.merge(change)));
  }

  @Test
  void replaceMergeDelete_ofAMissingEntity_are404ResourceNotFound() throws Exception {
    CloudTable table = newLegacyTable();
    DynamicTableEntity missing = entity("missing", "a", 1);
    missing.setEtag("*");

    assertStorageError(
        404, "ResourceNotFound", () -> table.execute(TableOperation.replace(missing)));
    assertStorageError(404, "ResourceNotFound", () -> table.execute(TableOperation.merge(missing)));
    assertStorageError(
        404, "ResourceNotFound", () -> table.execute(TableOperation.delete(missing)));
  }

  @Test
  void delete_withTheCurrentEtag_deletes_andAStaleOneIs412() throws Exception {
    CloudTable table = newLegacyTable();
    table.execute(TableOperation.insert(entity("r", "a", 1)));
    DynamicTableEntity read = retrieve(table, "r");
    String staleEtag = read.getEtag();
    table.execute(TableOperation.insertOrMerge(entity("r", "b", 2)));

    read.setEtag(staleEtag);
    assertStorageError(
        412, "UpdateConditionNotSatisfied", () -> table.execute(TableOperation.delete(read)));
    DynamicTableEntity current = retrieve(table, "r");
    TableResult deleted = table.execute(TableOperation.delete(current));

    assertThat(deleted.getHttpStatusCode()).isEqualTo(204);
    assertThat(
            table
                .execute(TableOperation.retrieve("p", "r", DynamicTableEntity.class))
                .getHttpStatusCode())
        .isEqualTo(404);
  }

  @Test
  void insertOrReplace_insertsThenReplaces() throws Exception {
    CloudTable table = newLegacyTable();

    assertThat(
            table.execute(TableOperation.insertOrReplace(entity("r", "a", 1))).getHttpStatusCode())
        .isEqualTo(204);
    assertThat(
            table.execute(TableOperation.insertOrReplace(entity("r", "b", 2))).getHttpStatusCode())
        .isEqualTo(204);

    assertThat(retrieve(table, "r").getProperties()).containsOnlyKeys("b");
  }

  @Test
  void insertOrMerge_insertsThenMerges() throws Exception {
    CloudTable table = newLegacyTable();

    assertThat(table.execute(TableOperation.insertOrMerge(entity("r", "a", 1))).getHttpStatusCode())
        .isEqualTo(204);
    assertThat(table.execute(TableOperation.insertOrMerge(entity("r", "b", 2))).getHttpStatusCode())
        .isEqualTo(204);

    assertThat(retrieve(table, "r").getProperties()).containsOnlyKeys("a", "b");
  }

  /**
   * Keys the library percent-encodes into the entity URL, taken from its own escaping tests run
   * against the service (azure-storage-java, microsoft-azure-storage-test/.../TableEscapingTests:
   * empty, "foo%25", Unicode, whitespace only, in the PartitionKey) plus sub-delimiters.
   */
  static Stream<String> escapedKeys() {
    return Stream.of(
        "",
        "foo%25",
        "\u00A9\u770b\u5168\u90e8",
        "char\u4e2d\u6587test",
        "     ",
        "a b",
        "it's",
        "a+b",
        "a&b=c",
        "a:b;c,d",
        "!$()*",
        "a@b~");
  }

  @ParameterizedTest
  @MethodSource("escapedKeys")
  void escapedKeys_workInEverySingleOperation(String key) throws Exception {
    CloudTable table = newLegacyTable();
    DynamicTableEntity e = new DynamicTableEntity("temp" + key, key);
    e.getProperties().put("a", new EntityProperty(key));
    table.execute(TableOperation.insert(e));

    TableResult read =
        table.execute(TableOperation.retrieve("temp" + key, key, DynamicTableEntity.class));
    DynamicTableEntity found = read.getResultAsType();
    assertThat(found.getProperties().get("a").getValueAsString()).isEqualTo(key);
    found.getProperties().put("b", new EntityProperty(1));
    table.execute(TableOperation.merge(found));
    table.execute(TableOperation.insertOrReplace(e));
    table.execute(TableOperation.insertOrMerge(e));
    e.setEtag("*");
    table.execute(TableOperation.replace(e));
    List<String> rows = new ArrayList<>();
    table
        .execute(
            TableQuery.from(DynamicTableEntity.class)
                .where(
                    TableQuery.generateFilterCondition(
                        "PartitionKey", QueryComparisons.EQUAL, "temp" + key)))
        .forEach(x -> rows.add(x.getRowKey()));
    assertThat(rows).containsExactly(key);
    assertThat(table.execute(TableOperation.delete(e)).getHttpStatusCode()).isEqualTo(204);
  }
}
