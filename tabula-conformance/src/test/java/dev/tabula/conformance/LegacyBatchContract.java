package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.azure.storage.StorageException;
import com.microsoft.azure.storage.table.CloudTable;
import com.microsoft.azure.storage.table.DynamicTableEntity;
import com.microsoft.azure.storage.table.EntityProperty;
import com.microsoft.azure.storage.table.TableBatchOperation;
import com.microsoft.azure.storage.table.TableOperation;
import com.microsoft.azure.storage.table.TablePayloadFormat;
import com.microsoft.azure.storage.table.TableResult;
import dev.tabula.conformance.support.LegacyClients;
import dev.tabula.conformance.support.RawResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code TableBatchOperation} through the legacy Java client, which writes a change set in its own
 * form: merge and insert-or-merge as the verb {@code MERGE} with {@code X-HTTP-Method: MERGE} too
 * (azure-storage-java, MimeHelper.writeBatchToStream and MimePart.getHttpVerbForOperation), and a
 * lone retrieve as a GET outside any change set. The service accepted these batches for the
 * library's whole life, so Tabula must too.
 */
@OnEveryEngine
class LegacyBatchContract extends LegacyClientBase {

  private static CloudTable tableWith(CloudTable table, String... rowKeys) throws Exception {
    for (String rowKey : rowKeys) {
      DynamicTableEntity e = entity(rowKey, "a", 1);
      e.getProperties().put("b", new EntityProperty(2));
      table.execute(TableOperation.insert(e));
    }
    return table;
  }

  @ParameterizedTest
  @EnumSource(
      value = TablePayloadFormat.class,
      names = {"Json", "JsonNoMetadata", "JsonFullMetadata"})
  void everyWriteAction_inOneChangeSet_appliesAllInOrder(TablePayloadFormat format)
      throws Exception {
    String name = tableWith(newLegacyTable(), "put", "merge", "upPut", "upMerge", "del").getName();
    CloudTable table = LegacyClients.table(legacy(format), name);
    DynamicTableEntity put = retrieve(table, "put");
    put.getProperties().remove("b");
    DynamicTableEntity merge = entity("merge", "a", 10);
    merge.setEtag(retrieve(table, "merge").getEtag());
    TableBatchOperation batch = new TableBatchOperation();
    batch.insert(entity("new", "a", 1));
    batch.replace(put);
    batch.merge(merge);
    batch.insertOrReplace(entity("upPut", "a", 10));
    batch.insertOrMerge(entity("upMerge", "a", 10));
    batch.insertOrMerge(entity("newMerge", "a", 3));
    batch.insertOrReplace(entity("newPut", "a", 4));
    batch.delete(retrieve(table, "del"));

    List<TableResult> results = table.execute(batch);

    assertThat(results).extracting(TableResult::getHttpStatusCode).containsOnly(204).hasSize(8);
    assertThat(results.get(2).getEtag()).startsWith("W/\"datetime'");
    assertThat(retrieve(table, "new").getProperties()).containsOnlyKeys("a");
    assertThat(retrieve(table, "put").getProperties()).containsOnlyKeys("a");
    assertThat(retrieve(table, "merge").getProperties().get("a").getValueAsInteger()).isEqualTo(10);
    assertThat(retrieve(table, "merge").getProperties()).containsOnlyKeys("a", "b");
    assertThat(retrieve(table, "upPut").getProperties()).containsOnlyKeys("a");
    assertThat(retrieve(table, "upMerge").getProperties()).containsOnlyKeys("a", "b");
    assertThat(retrieve(table, "newMerge").getProperties()).containsOnlyKeys("a");
    assertThat(retrieve(table, "newPut").getProperties()).containsOnlyKeys("a");
    assertThat(retrieve(table, "del")).isNull();
  }

  @Test
  void insertWithEchoContent_inABatch_returns201AndTheEntity() throws Exception {
    CloudTable table = newLegacyTable();
    TableBatchOperation batch = new TableBatchOperation();
    batch.insert(entity("a", "x", 1), true);
    batch.insert(entity("b", "x", 2));

    List<TableResult> results = table.execute(batch);

    assertThat(results).extracting(TableResult::getHttpStatusCode).containsExactly(201, 204);
    DynamicTableEntity echoed = results.get(0).getResultAsType();
    assertThat(echoed.getProperties().get("x").getValueAsInteger()).isEqualTo(1);
    assertThat(echoed.getEtag()).isEqualTo(results.get(0).getEtag());
  }

  @Test
  void retrieve_asTheOnlyOperation_readsTheEntityOr404() throws Exception {
    CloudTable table = tableWith(newLegacyTable(), "r");
    TableBatchOperation found = new TableBatchOperation();
    found.retrieve("p", "r", DynamicTableEntity.class);
    TableBatchOperation missing = new TableBatchOperation();
    missing.retrieve("p", "missing", DynamicTableEntity.class);

    TableResult read = table.execute(found).get(0);
    TableResult absent = table.execute(missing).get(0);

    assertThat(read.getHttpStatusCode()).isEqualTo(200);
    DynamicTableEntity entity = read.getResultAsType();
    assertThat(entity.getProperties()).containsOnlyKeys("a", "b");
    assertThat(entity.getEtag()).isEqualTo(read.getEtag());
    assertThat(absent.getHttpStatusCode()).isEqualTo(404);
  }

  /**
   * The library reports the failed part's status and code, and the service's message names the
   * failing operation's index ("2:The specified entity already exists..."); nothing is applied.
   */
  @Test
  void failingBatch_reportsTheFailingIndex_andAppliesNothing() throws Exception {
    CloudTable table = tableWith(newLegacyTable(), "taken");
    TableBatchOperation batch = new TableBatchOperation();
    batch.insert(entity("first", "a", 1));
    batch.insertOrMerge(entity("second", "a", 1));
    batch.insert(entity("taken", "a", 1));

    StorageException e = assertStorageError(409, "EntityAlreadyExists", () -> table.execute(batch));

    assertThat(e.getExtendedErrorInformation().getErrorMessage()).startsWith("2:");
    assertThat(retrieve(table, "first")).isNull();
    assertThat(retrieve(table, "second")).isNull();
  }

  @Test
  void staleEtag_inABatchMerge_is412AtItsIndex() throws Exception {
    CloudTable table = tableWith(newLegacyTable(), "m");
    DynamicTableEntity stale = entity("m", "a", 5);
    stale.setEtag(retrieve(table, "m").getEtag());
    table.execute(TableOperation.insertOrMerge(entity("m", "c", 3)));
    TableBatchOperation batch = new TableBatchOperation();
    batch.insert(entity("n", "a", 1));
    batch.merge(stale);

    StorageException e =
        assertStorageError(412, "UpdateConditionNotSatisfied", () -> table.execute(batch));

    assertThat(e.getExtendedErrorInformation().getErrorMessage()).startsWith("1:");
    assertThat(retrieve(table, "n")).isNull();
    assertThat(retrieve(table, "m").getProperties().get("a").getValueAsInteger()).isEqualTo(1);
  }

  private RawResponse mergePart(String table, String xHttpMethod) {
    String root = server.endpoint("devstoreaccount1");
    String body =
        "--batch_l\nContent-Type: multipart/mixed; boundary=changeset_l\n\n"
            + "--changeset_l\nContent-Type: application/http\nContent-Transfer-Encoding: binary\n\n"
            + "MERGE "
            + root
            + "/"
            + table
            + "(PartitionKey='p',RowKey='r') HTTP/1.1\n"
            + "Content-ID: 0\nAccept: application/json;odata=minimalmetadata\n"
            + "MaxDataServiceVersion: 3.0;NetFx\nX-HTTP-Method: "
            + xHttpMethod
            + "\n"
            + "If-Match: *\nContent-Type: application/json\n\n{\"c\":3}\n"
            + "--changeset_l--\n--batch_l--\n";
    return raw.post("$batch")
        .header("Content-Type", "multipart/mixed; boundary=batch_l")
        .json(body.replace("\n", "\r\n"))
        .send();
  }

  /** The legacy library's merge part, byte for byte in the parts that matter (see the class). */
  @Test
  void rawMergePart_repeatingItsVerbInXHttpMethod_merges() throws Exception {
    CloudTable table = tableWith(newLegacyTable(), "r");

    RawResponse response = mergePart(table.getName(), "MERGE");

    assertThat(response.status()).as(response.toString()).isEqualTo(202);
    assertThat(response.bodyText()).contains("HTTP/1.1 204 No Content");
    assertThat(retrieve(table, "r").getProperties()).containsOnlyKeys("a", "b", "c");
  }

  /**
   * Only a repeat of the part's own verb is accepted: another value fails as it would on a single
   * request, 400 XMethodNotUsingPost (Azure REST docs, "Table service error codes": the request
   * uses X-HTTP-Method with an HTTP verb other than POST). No record of the real service's answer
   * to this exact part exists; this is the documented code.
   */
  @Test
  void rawMergePart_withAnotherVerbInXHttpMethod_fails400XMethodNotUsingPost() throws Exception {
    CloudTable table = tableWith(newLegacyTable(), "r");

    RawResponse response = mergePart(table.getName(), "DELETE");

    assertThat(response.bodyText()).contains("HTTP/1.1 400 ").contains("XMethodNotUsingPost");
    assertThat(retrieve(table, "r").getProperties()).containsOnlyKeys("a", "b");
  }

  /**
   * Outside {@code $batch} the legacy library tunnels merge through POST (TableRequest.merge), so
   * no client sends MERGE with X-HTTP-Method: MERGE to an entity URL. The docs give such a request
   * 400 XMethodNotUsingPost ("Table service error codes"), and MS-ODATA's X-HTTP-Method section
   * (openspecs ms-odata bdbabfa6-8c4a-4741-85a9-8d93ffd66c41) says the header is valid only on
   * POST; no real-account record exists, so Tabula keeps the documented answer.
   */
  @Test
  void singleMerge_withXHttpMethodMerge_outsideBatch_is400XMethodNotUsingPost() throws Exception {
    CloudTable table = tableWith(newLegacyTable(), "r");

    RawResponse response =
        raw.request("MERGE", table.getName() + "(PartitionKey='p',RowKey='r')")
            .header("X-HTTP-Method", "MERGE")
            .header("If-Match", "*")
            .json("{\"c\":3}")
            .send();

    assertError(response, 400, "XMethodNotUsingPost");
    assertThat(retrieve(table, "r").getProperties()).containsOnlyKeys("a", "b");
  }

  /** The escaping tests' keys (see LegacyTableClientContract.escapedKeys), in batch parts. */
  @ParameterizedTest
  @MethodSource("dev.tabula.conformance.LegacyTableClientContract#escapedKeys")
  void escapedKeys_workInEveryBatchAction(String key) throws Exception {
    CloudTable table = newLegacyTable();
    DynamicTableEntity e = new DynamicTableEntity("temp" + key, key);
    e.getProperties().put("a", new EntityProperty(key));
    TableBatchOperation insert = new TableBatchOperation();
    insert.insert(e);
    insert.insertOrMerge(new DynamicTableEntity("temp" + key, key + "2"));
    table.execute(insert);
    TableBatchOperation retrieve = new TableBatchOperation();
    retrieve.retrieve("temp" + key, key, DynamicTableEntity.class);
    DynamicTableEntity found = table.execute(retrieve).get(0).getResultAsType();
    assertThat(found.getProperties().get("a").getValueAsString()).isEqualTo(key);

    TableBatchOperation change = new TableBatchOperation();
    change.merge(found);
    change.insertOrReplace(new DynamicTableEntity("temp" + key, key + "2"));
    table.execute(change);
    DynamicTableEntity second = new DynamicTableEntity("temp" + key, key + "2");
    second.setEtag("*");
    TableBatchOperation delete = new TableBatchOperation();
    delete.delete(table.execute(retrieve).get(0).getResultAsType());
    delete.replace(second);
    List<TableResult> results = table.execute(delete);

    assertThat(results).extracting(TableResult::getHttpStatusCode).containsExactly(204, 204);
    assertThat(table.execute(retrieve).get(0).getHttpStatusCode()).isEqualTo(404);
  }
}
