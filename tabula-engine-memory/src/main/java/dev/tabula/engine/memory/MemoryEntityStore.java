package dev.tabula.engine.memory;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.CommitClock;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.FeedRetention;
import dev.tabula.engine.FeedWaiters;
import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.Page;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Stages;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The memory engine's entities: one {@link MemoryTable} per live table id. Dropping a table drops
 * its map at once; an apply that raced the drop writes into the dropped map, which nothing can
 * reach any more.
 */
final class MemoryEntityStore implements EntityStore {
  private final Map<Long, MemoryTable> tables = new ConcurrentHashMap<>();
  private final CommitClock clock;
  private final Clock wallClock;
  private final MemoryLifecycle lifecycle;
  private final FeedWaiters waiters = new FeedWaiters(this::feedLatest);

  MemoryEntityStore(Clock wallClock, MemoryLifecycle lifecycle) {
    this.clock = new CommitClock(wallClock);
    this.wallClock = wallClock;
    this.lifecycle = lifecycle;
  }

  void addTable(long tableId) {
    tables.put(tableId, new MemoryTable());
  }

  /** The indexes writes to a table maintain from now on (see {@link MemoryTable#setIndexes}). */
  void setIndexes(long tableId, List<IndexDefinition> indexes) {
    MemoryTable table = tables.get(tableId);
    if (table != null) {
      table.setIndexes(indexes);
    }
  }

  void dropTable(long tableId) {
    tables.remove(tableId);
    waiters.release(tableId);
  }

  /** The live table of an id, or null. */
  @Nullable MemoryTable table(long tableId) {
    lifecycle.ensureOpen();
    return tables.get(tableId);
  }

  FeedWaiters waiters() {
    return waiters;
  }

  Clock wallClock() {
    return wallClock;
  }

  private long feedLatest(long tableId) {
    MemoryTable table = tables.get(tableId);
    return table == null ? Long.MAX_VALUE : table.feedLatest(); // a dropped table: wake up
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

  /** {@inheritDoc} Under the table's read lock, so the page is one consistent view. */
  @Override
  public IndexPage scanIndex(TableInfo table, IndexScan scan) {
    lifecycle.ensureOpen();
    MemoryTable stored = tables.get(table.id());
    return stored == null
        ? new IndexPage.Read(new Page(List.of(), null, StopReason.SOURCE_EXHAUSTED, 0))
        : stored.scanIndex(scan);
  }

  /** {@inheritDoc} Under the table's write lock, in one step. */
  @Override
  public void buildIndex(TableInfo table, IndexDefinition index) {
    lifecycle.ensureOpen();
    MemoryTable stored = tables.get(table.id());
    if (stored != null) {
      stored.buildIndex(index);
    }
  }

  /**
   * {@inheritDoc} Applies on the caller's thread, in memory, before it returns; fails with {@code
   * NO_SUCH_TABLE} for a table id the catalog does not list.
   */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return apply(tableId, null, partitionKey, writes);
  }

  /** {@inheritDoc} Records a change group when the table's settings ask for a feed. */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      TableInfo table, String partitionKey, List<Write> writes) {
    return apply(table.id(), table.settings().changeFeedRetention(), partitionKey, writes);
  }

  /**
   * Applies as {@link #applyAsync} does and, with a {@code feedRetention}, appends the commit's
   * group to the table's change feed in the same step.
   */
  private CompletableFuture<ApplyResult> apply(
      long tableId, @Nullable Duration feedRetention, String partitionKey, List<Write> writes) {
    CompletableFuture<ApplyResult> stage =
        Stages.completed(
            () -> {
              lifecycle.ensureOpen();
              MemoryTable table = tables.get(tableId);
              if (table == null) {
                throw new StorageException(
                    StorageException.Kind.NO_SUCH_TABLE, "no table has id " + tableId);
              }
              Long cutoff =
                  feedRetention == null ? null : FeedRetention.cutoff(wallClock, feedRetention);
              return table.apply(partitionKey, writes, clock, cutoff);
            });
    if (feedRetention != null) {
      waiters.signal(tableId);
    }
    return stage;
  }
}
