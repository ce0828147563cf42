package dev.tabula.core;

import dev.tabula.core.storage.TranslatingEntityStore;
import dev.tabula.engine.EntityStore;
import dev.tabula.model.TableException;

/**
 * The service's entity group transactions ({@code $batch} change sets) over an engine: hands out
 * one {@link EntityGroupTransaction} per request. Thread-safe.
 */
public final class BatchService {
  private final TableService tables;
  private final EntityStore store;

  public BatchService(TableService tables, EntityStore store) {
    this.tables = tables;
    this.store = TranslatingEntityStore.of(store);
  }

  /**
   * Starts a transaction of {@code operationCount} operations.
   *
   * @throws TableException 400 InvalidInput "The batch request operation exceeds the maximum 100
   *     changes per change set." for more than 100; the service reports it against operation 0 (a
   *     real-service capture in Azurite's tests/table/apis/table-batch-api-error-handling.md)
   */
  public EntityGroupTransaction begin(String account, int operationCount) {
    if (operationCount > EntityGroupTransaction.MAX_OPERATIONS) {
      throw EntityGroupTransaction.tooManyOperations();
    }
    return new EntityGroupTransaction(tables, store, account);
  }
}
