package dev.tabula.core.storage;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.Page;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Attempt;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * An engine's entity store whose storage outcomes are the service's errors ({@link StorageErrors}),
 * thrown or, for {@link #applyAsync}, completing its stage. Rejected writes stay results: the
 * caller says them (see {@link StorageErrors#of(ApplyResult.Rejected)}).
 */
public final class TranslatingEntityStore implements EntityStore {
  private final EntityStore store;

  private TranslatingEntityStore(EntityStore store) {
    this.store = store;
  }

  /** {@code store} with its storage outcomes translated; once, however often it is wrapped. */
  public static EntityStore of(EntityStore store) {
    return store instanceof TranslatingEntityStore ? store : new TranslatingEntityStore(store);
  }

  @Override
  public Optional<Entity> read(long tableId, EntityKey key) {
    return StorageErrors.translating(() -> store.read(tableId, key));
  }

  /** The engine's own {@code readAsync} (it may wait without a thread), translated. */
  @Override
  public CompletableFuture<Optional<Entity>> readAsync(long tableId, EntityKey key) {
    return StorageErrors.translating(() -> translated(store.readAsync(tableId, key)));
  }

  @Override
  public Page scan(long tableId, ScanRequest request) {
    return StorageErrors.translating(() -> store.scan(tableId, request));
  }

  @Override
  public IndexPage scanIndex(TableInfo table, IndexScan scan) {
    return StorageErrors.translating(() -> store.scanIndex(table, scan));
  }

  @Override
  public void buildIndex(TableInfo table, IndexDefinition index) {
    StorageErrors.translating(
        () -> {
          store.buildIndex(table, index);
          return null;
        });
  }

  /** The engine's own read without waiting (it may answer from memory), its failure translated. */
  @Override
  public Attempt<Optional<Entity>> tryRead(long tableId, EntityKey key) {
    return StorageErrors.translating(() -> store.tryRead(tableId, key));
  }

  /** The engine's own {@code applyAsync} (it may take the write without blocking), translated. */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return StorageErrors.translating(
        () -> translated(store.applyAsync(tableId, partitionKey, writes)));
  }

  /** The engine's own {@code applyAsync} of a looked-up table (its change feed), translated. */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      TableInfo table, String partitionKey, List<Write> writes) {
    return StorageErrors.translating(
        () -> translated(store.applyAsync(table, partitionKey, writes)));
  }

  /** The engine's own {@code tryApplyAsync} of a looked-up table, translated. */
  @Override
  public Attempt<CompletableFuture<ApplyResult>> tryApplyAsync(
      TableInfo table, String partitionKey, List<Write> writes) {
    return StorageErrors.translating(
        () ->
            store
                .tryApplyAsync(table, partitionKey, writes)
                .map(TranslatingEntityStore::translated));
  }

  /** The engine's own {@code tryApplyAsync}, its stage's failure translated. */
  @Override
  public Attempt<CompletableFuture<ApplyResult>> tryApplyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return StorageErrors.translating(
        () ->
            store
                .tryApplyAsync(tableId, partitionKey, writes)
                .map(TranslatingEntityStore::translated));
  }

  /**
   * {@code applied} with a storage failure translated; a stage already committed is returned as it
   * is, without a stage more.
   */
  private static <T> CompletableFuture<T> translated(CompletableFuture<T> applied) {
    if (applied.isDone() && !applied.isCompletedExceptionally()) {
      return applied;
    }
    return applied.exceptionally(
        failure -> {
          throw StorageErrors.inStage(failure);
        });
  }
}
