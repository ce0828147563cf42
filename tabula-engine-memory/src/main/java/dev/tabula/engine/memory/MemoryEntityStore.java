package dev.tabula.engine.memory;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.CommitClock;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Stages;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The memory engine's entities: one {@link MemoryTable} per live table id. Dropping a table drops
 * its map at once; an apply that raced the drop writes into the dropped map, which nothing can
 * reach any more.
 */
final class MemoryEntityStore implements EntityStore {
  private final Map<Long, MemoryTable> tables = new ConcurrentHashMap<>();
  private final CommitClock clock;
  private final MemoryLifecycle lifecycle;

  MemoryEntityStore(CommitClock clock, MemoryLifecycle lifecycle) {
    this.clock = clock;
    this.lifecycle = lifecycle;
  }

  void addTable(long tableId) {
    tables.put(tableId, new MemoryTable());
  }

  void dropTable(long tableId) {
    tables.remove(tableId);
  }

  @Override
  public Optional<Entity> read(long tableId, EntityKey key) {
    lifecycle.ensureOpen();
    MemoryTable table = tables.get(tableId);
    return table == null ? Optional.empty() : table.read(key);
  }

  @Override
  public Page scan(long tableId, ScanRequest request) {
    lifecycle.ensureOpen();
    MemoryTable table = tables.get(tableId);
    return table == null
        ? new Page(List.of(), null, StopReason.SOURCE_EXHAUSTED, 0)
        : table.scan(request);
  }

  /**
   * {@inheritDoc} Applies on the caller's thread, in memory, before it returns; fails with {@code
   * NO_SUCH_TABLE} for a table id the catalog does not list.
   */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return Stages.completed(
        () -> {
          lifecycle.ensureOpen();
          MemoryTable table = tables.get(tableId);
          if (table == null) {
            throw new StorageException(
                StorageException.Kind.NO_SUCH_TABLE, "no table has id " + tableId);
          }
          return table.apply(partitionKey, writes, clock);
        });
  }
}
