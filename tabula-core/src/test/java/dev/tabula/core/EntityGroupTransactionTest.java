package dev.tabula.core;

import static dev.tabula.core.Refusals.assertRefused;
import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static dev.tabula.core.ServicesOnMemoryEngine.entity;
import static dev.tabula.core.ServicesOnMemoryEngine.int32;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.tabula.core.BatchOperation.Kind;
import dev.tabula.core.EntityGroupTransaction.Committed;
import dev.tabula.core.EntityGroupTransaction.Failed;
import dev.tabula.core.EntityGroupTransaction.Outcome;
import dev.tabula.engine.Stages;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchService} and {@link EntityGroupTransaction} over the in-memory engine: a change set
 * applies all of its operations or none, and each operation is checked, in order, as it is added.
 */
class EntityGroupTransactionTest {
  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine();
  private final String table = services.newTable("orders");

  @AfterEach
  void close() {
    services.close();
  }

  private EntityGroupTransaction begin(BatchOperation... operations) {
    EntityGroupTransaction transaction = services.batches.begin(ACCOUNT, operations.length);
    for (BatchOperation operation : operations) {
      transaction.add(operation);
    }
    return transaction;
  }

  /** Commits and waits for the outcome: the one place that knows how a commit is called. */
  private static Outcome commit(EntityGroupTransaction transaction) {
    return Stages.join(transaction.commit());
  }

  private BatchOperation op(Kind kind, Entity entity, IfMatch ifMatch) {
    return new BatchOperation(table, kind, entity, ifMatch);
  }

  private Entity stored(String rowKey) {
    return services.entities.get(ACCOUNT, table, new EntityKey("p", rowKey));
  }

  private Entity insertAlone(Entity entity) {
    return services.entities.insert(ACCOUNT, table, entity).join();
  }

  @Test
  void commit_appliesEveryOperation_atOneCommitTime() {
    insertAlone(entity("p", "merged", "a", int32(1)));
    insertAlone(entity("p", "deleted"));

    Outcome outcome =
        commit(
            begin(
                op(Kind.INSERT, entity("p", "inserted", "v", int32(1)), null),
                op(Kind.REPLACE, entity("p", "replaced", "v", int32(2)), null),
                op(Kind.MERGE, entity("p", "merged", "b", int32(3)), IfMatch.ANY),
                op(Kind.DELETE, entity("p", "deleted"), IfMatch.ANY)));

    assertThat(outcome).isInstanceOf(Committed.class);
    Committed committed = (Committed) outcome;
    assertThat(committed.entities()).hasSize(4);
    assertThat(committed.entities().get(3)).as("a delete answers no entity").isNull();
    assertThat(committed.entities().subList(0, 3))
        .extracting(Entity::timestamp)
        .containsOnly(committed.entities().get(0).timestamp());
    assertThat(stored("inserted")).isEqualTo(committed.entities().get(0));
    assertThat(stored("replaced")).isEqualTo(committed.entities().get(1));
    assertThat(stored("merged").properties())
        .containsOnly(entry("a", int32(1)), entry("b", int32(3)));
    assertRefused(TableErrorCode.RESOURCE_NOT_FOUND, () -> stored("deleted"));
  }

  @Test
  void commit_whenAnOperationFails_writesNothing_andNamesThatOperation() {
    Entity taken = insertAlone(entity("p", "taken", "v", int32(1)));

    Outcome outcome =
        commit(
            begin(
                op(Kind.INSERT, entity("p", "fresh"), null),
                op(Kind.INSERT, entity("p", "taken", "v", int32(2)), null)));

    assertThat(outcome).isInstanceOf(Failed.class);
    Failed failed = (Failed) outcome;
    assertThat(failed.index()).isEqualTo(1);
    assertThat(failed.error().code()).isEqualTo(TableErrorCode.ENTITY_ALREADY_EXISTS);
    assertRefused(TableErrorCode.RESOURCE_NOT_FOUND, () -> stored("fresh"));
    assertThat(stored("taken")).isEqualTo(taken);
  }

  @Test
  void commit_ofADeleteWithAStaleETag_failsWithUpdateConditionNotSatisfied() {
    Entity first = insertAlone(entity("p", "r", "v", int32(1)));
    services.entities.replace(ACCOUNT, table, entity("p", "r", "v", int32(2)), null).join();

    Outcome outcome =
        commit(begin(op(Kind.DELETE, entity("p", "r"), new IfMatch.Exact(first.etag()))));

    assertThat(outcome).isInstanceOf(Failed.class);
    assertThat(((Failed) outcome).error().code())
        .isEqualTo(TableErrorCode.UPDATE_CONDITION_NOT_SATISFIED);
    assertThat(stored("r").properties()).containsExactly(entry("v", int32(2)));
  }

  @Test
  void add_ofAnotherPartition_isRefusedWithCommandsInBatchActOnDifferentPartitions() {
    EntityGroupTransaction transaction = begin(op(Kind.INSERT, entity("p", "r1"), null));

    assertRefused(
        TableErrorCode.COMMANDS_IN_BATCH_ACT_ON_DIFFERENT_PARTITIONS,
        () -> transaction.add(op(Kind.INSERT, entity("q", "r2"), null)));
  }

  @Test
  void add_ofAnotherTable_isRefusedWithCommandsInBatchActOnDifferentPartitions() {
    services.newTable("invoices");
    EntityGroupTransaction transaction = begin(op(Kind.INSERT, entity("p", "r1"), null));

    assertRefused(
        TableErrorCode.COMMANDS_IN_BATCH_ACT_ON_DIFFERENT_PARTITIONS,
        () ->
            transaction.add(new BatchOperation("invoices", Kind.INSERT, entity("p", "r2"), null)));
  }

  @Test
  void add_ofTheSameTableInAnotherCase_joinsTheGroup() {
    EntityGroupTransaction transaction = begin(op(Kind.INSERT, entity("p", "r1"), null));

    transaction.add(new BatchOperation("ORDERS", Kind.INSERT, entity("p", "r2"), null));

    assertThat(transaction.size()).isEqualTo(2);
    assertThat(commit(transaction)).isInstanceOf(Committed.class);
  }

  @Test
  void add_ofARowKeyAlreadyInTheTransaction_isRefusedWithInvalidDuplicateRow() {
    EntityGroupTransaction transaction = begin(op(Kind.INSERT, entity("p", "r"), null));

    assertRefused(
        TableErrorCode.INVALID_DUPLICATE_ROW,
        () -> transaction.add(op(Kind.MERGE, entity("p", "r"), null)));
  }

  @Test
  void add_toAMissingTable_isRefusedWithTableNotFound() {
    EntityGroupTransaction transaction = services.batches.begin(ACCOUNT, 1);

    assertRefused(
        TableErrorCode.TABLE_NOT_FOUND,
        () -> transaction.add(new BatchOperation("absent", Kind.INSERT, entity("p", "r"), null)));
  }

  @Test
  void add_ofAnInvalidEntity_isRefusedBeforeTheTableIsLookedUp() {
    EntityGroupTransaction transaction = services.batches.begin(ACCOUNT, 1);

    assertRefused(
        TableErrorCode.OUT_OF_RANGE_INPUT,
        () -> transaction.add(new BatchOperation("absent", Kind.INSERT, entity("p#", "r"), null)));
  }

  @Test
  void begin_ofMoreThan100Operations_isRefusedWithInvalidInput() {
    assertRefused(TableErrorCode.INVALID_INPUT, () -> services.batches.begin(ACCOUNT, 101));
    assertThat(services.batches.begin(ACCOUNT, 100)).isNotNull();
  }
}
