package dev.tabula.core;

import dev.tabula.core.storage.StorageErrors;
import dev.tabula.core.ttl.ExpiresAt;
import dev.tabula.core.ttl.ExpiryWrites;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityRules;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.model.TableNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * One entity group transaction being built and then committed: up to 100 changes to one partition
 * of one table, applied all or nothing ("Performing entity group transactions").
 *
 * <p>{@link #add} checks each operation as it arrives, in order, so that the first failure is the
 * one the service names: the operation's own validity (keys, names, values, size), then that the
 * table exists (checked on the first operation; the service answers {@code 0:The table specified
 * does not exist.}), then that it acts on the same table and PartitionKey as the first operation
 * ({@code CommandsInBatchActOnDifferentPartitions}) and on a RowKey no earlier operation touched
 * ({@code InvalidDuplicateRow}). {@link #commit} makes exactly one {@link EntityStore#applyAsync},
 * so the engine's guarantees carry over unchanged: every precondition is checked against the state
 * the earlier operations leave, all writes share one commit time, readers see all of them or none,
 * and a failed operation leaves nothing written. It is the single-entity writes' path ({@link
 * EntityService}): the commit is queued and its stage returned, so no thread waits for the engine's
 * synced write; with {@link dev.tabula.engine.Capability#NON_BLOCKING_WRITES} the stage completes
 * on the engine's committing thread.
 *
 * <p>Not thread-safe: one instance serves one request. Nulls are not accepted.
 */
public final class EntityGroupTransaction {
  /** The most operations one change set may hold. */
  public static final int MAX_OPERATIONS = 100;

  /** The service's text for more than {@link #MAX_OPERATIONS} operations. */
  static final String TOO_MANY_OPERATIONS =
      "The batch request operation exceeds the maximum 100 changes per change set.";

  private final TableService tables;
  private final EntityStore store;
  private final String account;
  private final List<BatchOperation> operations = new ArrayList<>();
  private final List<Write> writes = new ArrayList<>();
  private final Set<String> rowKeys = new HashSet<>();
  private @Nullable TableInfo table;
  private boolean committed;

  EntityGroupTransaction(TableService tables, EntityStore store, String account) {
    this.tables = Objects.requireNonNull(tables, "tables");
    this.store = Objects.requireNonNull(store, "store");
    this.account = Objects.requireNonNull(account, "account");
  }

  /** The outcome of {@link #commit}. */
  public sealed interface Outcome {}

  /**
   * Every operation applied.
   *
   * @param entities per operation, in order: the entity as now stored, or null for a delete
   */
  public record Committed(List<@Nullable Entity> entities) implements Outcome {
    public Committed {
      entities = Collections.unmodifiableList(new ArrayList<>(entities));
    }
  }

  /** Nothing was written because operation {@code index} (0-based) failed with {@code error}. */
  public record Failed(int index, TableException error) implements Outcome {
    public Failed {
      Objects.requireNonNull(error, "error");
    }
  }

  /**
   * Adds the next operation after checking it as the class describes.
   *
   * @throws TableException the failure of this operation; the transaction must not be committed
   * @throws IllegalStateException after {@link #commit}, or beyond {@link #MAX_OPERATIONS}
   */
  public void add(BatchOperation operation) {
    if (committed || operations.size() == MAX_OPERATIONS) {
      throw new IllegalStateException("no more operations fit this transaction");
    }
    checkOwnValidity(operation);
    if (table == null) {
      table = tables.table(account, operation.table());
    } else {
      checkSameEntityGroup(operation);
    }
    if (!rowKeys.add(operation.entity().rowKey())) {
      // The service's text (it differs from the documented "A command with RowKey '{0}'...").
      throw TableErrorCode.INVALID_DUPLICATE_ROW.exception();
    }
    TableInfo target = Objects.requireNonNull(table, "looked up above");
    writes.add(ExpiryWrites.of(target).apply(operation.toWrite(), Instant.now()));
    operations.add(operation);
  }

  /** How many operations were added. */
  public int size() {
    return operations.size();
  }

  /**
   * Starts applying every added operation in one atomic engine apply. The stage completes with the
   * outcome once the engine has committed (or rejected) them, or exceptionally with the engine's
   * failure (a {@link TableException} of the service, such as 503 ServerBusy, or an unexpected
   * exception).
   *
   * @throws IllegalStateException when nothing was added or it was already committed
   */
  public CompletableFuture<Outcome> commit() {
    if (operations.isEmpty() || committed) {
      throw new IllegalStateException("nothing to commit");
    }
    committed = true;
    String partitionKey = operations.get(0).entity().partitionKey();
    TableInfo target = Objects.requireNonNull(table, "the first add looked it up");
    return store
        .applyAsync(target, partitionKey, writes)
        .thenApply(EntityGroupTransaction::outcomeOf);
  }

  private static Outcome outcomeOf(ApplyResult result) {
    if (result instanceof ApplyResult.Rejected rejected) {
      return new Failed(rejected.index(), StorageErrors.of(rejected));
    }
    return new Committed(ExpiresAt.shownAll(((ApplyResult.Committed) result).entities()));
  }

  /** The service's text for too many operations, as an exception to report at index 0. */
  static TableException tooManyOperations() {
    return TableErrorCode.INVALID_INPUT.exception(TOO_MANY_OPERATIONS);
  }

  /**
   * An insert's keys come from its body, every other operation's from its URL, each checked as its
   * single form is ({@link EntityRules#checkKey}, {@link EntityRules#checkAddressedKey}).
   */
  private static void checkOwnValidity(BatchOperation operation) {
    Entity entity = operation.entity();
    if (operation.kind() == BatchOperation.Kind.INSERT) {
      EntityRules.checkEntity(entity);
      return;
    }
    boolean stored = operation.kind() != BatchOperation.Kind.DELETE && operation.ifMatch() == null;
    EntityRules.checkAddressedKey(entity.partitionKey(), stored);
    EntityRules.checkAddressedKey(entity.rowKey(), stored);
    if (operation.kind() != BatchOperation.Kind.DELETE) {
      EntityRules.checkContent(entity);
    }
  }

  /** An entity group is one PartitionKey of one table (table names compare in any case). */
  private void checkSameEntityGroup(BatchOperation operation) {
    BatchOperation first = operations.get(0);
    boolean sameTable =
        TableNames.canonical(first.table()).equals(TableNames.canonical(operation.table()));
    if (!sameTable || !first.entity().partitionKey().equals(operation.entity().partitionKey())) {
      throw TableErrorCode.COMMANDS_IN_BATCH_ACT_ON_DIFFERENT_PARTITIONS.exception();
    }
  }
}
