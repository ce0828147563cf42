package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionResponse;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import com.azure.data.tables.models.TableTransactionResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Entity group transactions through the official Java SDK's {@code TableClient.submitTransaction}:
 * every action type, the ETag conditions, and each rule with the failing action's index.
 */
@OnEveryEngine
class EntityGroupTransactionContract extends ConformanceBase {

  private static TableTransactionAction action(TableTransactionActionType type, TableEntity e) {
    return new TableTransactionAction(type, e);
  }

  private static TableEntity entity(String rowKey, Object... nameValues) {
    TableEntity e = new TableEntity("p", rowKey);
    for (int i = 0; i < nameValues.length; i += 2) {
      e.addProperty((String) nameValues[i], nameValues[i + 1]);
    }
    return e;
  }

  private static TableTransactionFailedException assertFails(
      TableClient table, List<TableTransactionAction> actions, int index, String code) {
    TableTransactionFailedException e =
        assertThrows(TableTransactionFailedException.class, () -> table.submitTransaction(actions));
    assertThat(e.getFailedTransactionActionIndex()).as(e.getMessage()).isEqualTo(index);
    assertThat(e.getValue().getErrorCode().toString()).as(e.getMessage()).isEqualTo(code);
    assertThat(e.getValue().getErrorMessage()).startsWith(index + ":");
    // The SDK keeps neither the 202 nor the failed part's status; the raw-HTTP tests check those.
    return e;
  }

  @Test
  void submit_everyActionType_appliesAllInOrder() {
    TableClient table = newTable();
    table.createEntity(entity("merge", "a", 1, "b", 2));
    table.createEntity(entity("replace", "a", 1, "b", 2));
    table.createEntity(entity("upsertMerge", "a", 1, "b", 2));
    table.createEntity(entity("upsertReplace", "a", 1, "b", 2));
    table.createEntity(entity("delete"));

    TableTransactionResult result =
        table.submitTransaction(
            List.of(
                action(TableTransactionActionType.CREATE, entity("create", "a", 1)),
                action(TableTransactionActionType.UPDATE_MERGE, entity("merge", "a", 10)),
                action(TableTransactionActionType.UPDATE_REPLACE, entity("replace", "a", 10)),
                action(TableTransactionActionType.UPSERT_MERGE, entity("upsertMerge", "a", 10)),
                action(TableTransactionActionType.UPSERT_REPLACE, entity("upsertReplace", "a", 10)),
                action(TableTransactionActionType.UPSERT_MERGE, entity("newMerge", "a", 3)),
                action(TableTransactionActionType.UPSERT_REPLACE, entity("newReplace", "a", 4)),
                action(TableTransactionActionType.DELETE, entity("delete"))));

    assertThat(result.getTransactionActionResponses())
        .extracting(TableTransactionActionResponse::getStatusCode)
        .containsOnly(204)
        .hasSize(8);
    assertThat(table.getEntity("p", "create").getProperties()).containsEntry("a", 1);
    assertThat(table.getEntity("p", "merge").getProperties())
        .containsEntry("a", 10)
        .containsEntry("b", 2);
    assertThat(table.getEntity("p", "replace").getProperties())
        .containsEntry("a", 10)
        .doesNotContainKey("b");
    assertThat(table.getEntity("p", "upsertMerge").getProperties()).containsEntry("b", 2);
    assertThat(table.getEntity("p", "upsertReplace").getProperties()).doesNotContainKey("b");
    assertThat(table.getEntity("p", "newMerge").getProperties()).containsEntry("a", 3);
    assertThat(table.getEntity("p", "newReplace").getProperties()).containsEntry("a", 4);
    assertThrows(TableServiceException.class, () -> table.getEntity("p", "delete"));
  }

  @Test
  void submit_entitiesOfOneTransaction_shareOneTimestampAndEtag() {
    TableClient table = newTable();

    table.submitTransaction(
        List.of(
            action(TableTransactionActionType.CREATE, entity("a")),
            action(TableTransactionActionType.CREATE, entity("b")),
            action(TableTransactionActionType.UPSERT_REPLACE, entity("c"))));

    List<String> etags = new ArrayList<>();
    table.listEntities().forEach(e -> etags.add(e.getETag()));
    assertThat(etags).hasSize(3).containsOnly(etags.get(0));
  }

  @Test
  void submit_withMatchingEtags_updatesAndDeletes() {
    TableClient table = newTable();
    table.createEntity(entity("u", "a", 1));
    table.createEntity(entity("m", "a", 1));
    table.createEntity(entity("d"));
    TableEntity u = table.getEntity("p", "u").addProperty("a", 2);
    TableEntity m = table.getEntity("p", "m").addProperty("a", 3);
    TableEntity d = table.getEntity("p", "d");

    table.submitTransaction(
        List.of(
            new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, u, true),
            new TableTransactionAction(TableTransactionActionType.UPDATE_MERGE, m, true),
            new TableTransactionAction(TableTransactionActionType.DELETE, d, true)));

    assertThat(table.getEntity("p", "u").getProperties()).containsEntry("a", 2);
    assertThat(table.getEntity("p", "m").getProperties()).containsEntry("a", 3);
    assertThrows(TableServiceException.class, () -> table.getEntity("p", "d"));
  }

  @Test
  void submit_staleEtagAtIndex2_fails412AndWritesNothing() {
    TableClient table = newTable();
    table.createEntity(entity("x", "a", 1));
    TableEntity stale = table.getEntity("p", "x");
    table.updateEntity(entity("x", "a", 2));

    assertFails(
        table,
        List.of(
            action(TableTransactionActionType.CREATE, entity("n1")),
            action(TableTransactionActionType.CREATE, entity("n2")),
            new TableTransactionAction(
                TableTransactionActionType.UPDATE_MERGE, stale.addProperty("a", 9), true)),
        2,
        "UpdateConditionNotSatisfied");

    assertNothingBut(table, "x");
    assertThat(table.getEntity("p", "x").getProperties()).containsEntry("a", 2);
  }

  @Test
  void submit_deleteOfMissingEntityAtIndex2_failsResourceNotFoundAndWritesNothing() {
    TableClient table = newTable();
    table.createEntity(entity("taken", "v", 1));

    assertFails(
        table,
        List.of(
            action(TableTransactionActionType.UPSERT_REPLACE, entity("taken", "v", 2)),
            action(TableTransactionActionType.CREATE, entity("fresh")),
            action(TableTransactionActionType.DELETE, entity("missing")),
            action(TableTransactionActionType.CREATE, entity("fresh2"))),
        2,
        "ResourceNotFound");

    assertNothingBut(table, "taken");
    assertThat(table.getEntity("p", "taken").getProperties()).containsEntry("v", 1);
  }

  @Test
  void submit_createAfterEarlierCreateOfTakenKey_namesTheFirstFailure() {
    TableClient table = newTable();
    table.createEntity(entity("taken"));

    assertFails(
        table,
        List.of(
            action(TableTransactionActionType.CREATE, entity("a")),
            action(TableTransactionActionType.CREATE, entity("b")),
            action(TableTransactionActionType.CREATE, entity("c")),
            action(TableTransactionActionType.CREATE, entity("taken"))),
        3,
        "EntityAlreadyExists");

    assertNothingBut(table, "taken");
  }

  @Test
  void submit_updateOfMissingEntity_fails404ResourceNotFound() {
    TableClient table = newTable();

    assertFails(
        table,
        List.of(
            action(TableTransactionActionType.CREATE, entity("a")),
            action(TableTransactionActionType.UPDATE_REPLACE, entity("missing"))),
        1,
        "ResourceNotFound");

    assertNothingBut(table);
  }

  @Test
  void submit_twoPartitions_failsCommandsInBatchActOnDifferentPartitionsAtTheOddOne() {
    TableClient table = newTable();

    TableTransactionFailedException e =
        assertFails(
            table,
            List.of(
                action(TableTransactionActionType.CREATE, entity("a")),
                action(TableTransactionActionType.CREATE, entity("b")),
                action(TableTransactionActionType.CREATE, new TableEntity("other", "c"))),
            2,
            "CommandsInBatchActOnDifferentPartitions");

    assertThat(e.getValue().getErrorMessage())
        .startsWith("2:All commands in a batch must operate on same entity group.");
    assertNothingBut(table);
  }

  @Test
  void submit_sameEntityTwice_failsInvalidDuplicateRowAtTheSecond() {
    TableClient table = newTable();

    TableTransactionFailedException e =
        assertFails(
            table,
            List.of(
                action(TableTransactionActionType.UPSERT_MERGE, entity("a")),
                action(TableTransactionActionType.CREATE, entity("b")),
                action(TableTransactionActionType.DELETE, entity("a"))),
            2,
            "InvalidDuplicateRow");

    assertThat(e.getValue().getErrorMessage())
        .startsWith(
            "2:The batch request contains multiple changes with same row key. An entity can appear"
                + " only once in a batch request.");
    assertNothingBut(table);
  }

  @Test
  void submit_101Actions_failsInvalidInputAtIndex0() {
    TableClient table = newTable();
    List<TableTransactionAction> actions = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      actions.add(action(TableTransactionActionType.CREATE, entity("r" + i)));
    }

    TableTransactionFailedException e = assertFails(table, actions, 0, "InvalidInput");

    assertThat(e.getValue().getErrorMessage())
        .startsWith(
            "0:The batch request operation exceeds the maximum 100 changes per change set.");
    assertNothingBut(table);
  }

  @Test
  void submit_100Actions_commitsAll() {
    TableClient table = newTable();
    List<TableTransactionAction> actions = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      actions.add(
          action(TableTransactionActionType.CREATE, entity(String.format("r%03d", i), "i", i)));
    }

    table.submitTransaction(actions);

    List<TableEntity> all = new ArrayList<>();
    table.listEntities().forEach(all::add);
    assertThat(all).hasSize(100);
  }

  @Test
  void submit_toMissingTable_fails404TableNotFoundAtIndex0() {
    TableClient missing = service.getTableClient(uniqueTableName());

    assertFails(
        missing,
        List.of(action(TableTransactionActionType.CREATE, entity("a"))),
        0,
        "TableNotFound");
  }

  @Test
  void submit_invalidKeyAtIndex1_failsWithThatIndexAndWritesNothing() {
    TableClient table = newTable();

    assertFails(
        table,
        List.of(
            action(TableTransactionActionType.CREATE, entity("a")),
            action(TableTransactionActionType.CREATE, entity("bad/key"))),
        1,
        // CloudStub InsertTableBatchOperationTests Execute_WhenRowKeyIsInvalid: OutOfRangeInput.
        "OutOfRangeInput");

    assertNothingBut(table);
  }

  @Test
  void submit_propertyValueTooLargeAtIndex1_failsWithThatIndex() {
    TableClient table = newTable();

    assertFails(
        table,
        List.of(
            action(TableTransactionActionType.CREATE, entity("a")),
            action(TableTransactionActionType.CREATE, entity("b", "big", "x".repeat(40_000)))),
        1,
        "PropertyValueTooLarge");

    assertNothingBut(table);
  }

  /** Asserts the table holds exactly these RowKeys (all in partition "p"). */
  private static void assertNothingBut(TableClient table, String... rowKeys) {
    List<String> present = new ArrayList<>();
    table.listEntities().forEach(e -> present.add(e.getRowKey()));
    assertThat(present).containsExactlyInAnyOrder(rowKeys);
  }
}
