package dev.tabula.engine.rocksdb;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.CommitClock;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.FeedWaiters;
import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.Page;
import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.model.Attempt;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * Entities in the entities column family, keyed by {@link RocksKeys}, valued by {@link
 * EntityValueCodec}. Applies commit in rounds on a few lanes ({@link RocksCommitLanes}): each
 * round's read-check-writes run in order on the lane's thread and persist as one synced {@link
 * WriteBatch}, which also raises the commit-time mark in the catalog so commit times keep
 * increasing after a restart, and holds the secondary-index entries the round's changes move
 * ({@link RocksIndexEntries}), for the indexes the table's settings list as the round stages.
 * Thread-safe; {@link #close} before the database.
 */
final class RocksEntityStore implements EntityStore, AutoCloseable {
  private final RocksDatabase database;
  private final RocksLiveTables live;
  private final RocksTableSettings tableSettings;
  private final RocksIndexBuild indexBuild;
  private final RocksCommitLanes lanes;
  private final CommitClock clock;
  private final RocksFeedSequencer sequencer;
  private final RocksFeedWriter feedWriter;
  private final FeedWaiters waiters;

  RocksEntityStore(
      RocksDatabase database,
      RocksLiveTables live,
      RocksTableSettings tableSettings,
      int commitLanes,
      CommitClock clock,
      Clock wallClock) {
    this.database = database;
    this.live = live;
    this.tableSettings = tableSettings;
    this.indexBuild = new RocksIndexBuild(database, live, tableSettings);
    this.clock = clock;
    this.sequencer = new RocksFeedSequencer(clock);
    this.feedWriter = new RocksFeedWriter(database, wallClock);
    this.waiters =
        new FeedWaiters(
            tableId -> live.contains(tableId) ? sequencer.readableLatest(tableId) : Long.MAX_VALUE);
    this.lanes = new RocksCommitLanes(commitLanes, "tabula-commit-", this::commitRound);
  }

  /** The change feeds of the tables this store writes. */
  RocksChangeFeed changeFeed(Clock wallClock) {
    return new RocksChangeFeed(database, live, sequencer, waiters, wallClock);
  }

  /** Forgets what the feed kept in memory of a deleted table, and wakes its long polls. */
  void tableDropped(long tableId) {
    sequencer.forget(tableId);
    feedWriter.forget(tableId);
    waiters.release(tableId);
  }

  @Override
  public Optional<Entity> read(long tableId, EntityKey key) {
    return database.use(
        () -> Optional.ofNullable(readStored(tableId, key.partitionKey(), key.rowKey())));
  }

  /** {@inheritDoc} From the memtables and the block cache alone. */
  @Override
  public Attempt<Optional<Entity>> tryRead(long tableId, EntityKey key) {
    String partitionKey = key.partitionKey();
    String rowKey = key.rowKey();
    return database
        .tryGet(database.entities, RocksKeys.entityKey(tableId, partitionKey, rowKey))
        .map(value -> value.map(bytes -> EntityValueCodec.decode(partitionKey, rowKey, bytes)));
  }

  @Override
  public Page scan(long tableId, ScanRequest request) {
    return database.use(() -> RocksScan.page(database, tableId, request));
  }

  /** {@inheritDoc} From one RocksDB snapshot ({@link RocksIndexScan}). */
  @Override
  public IndexPage scanIndex(TableInfo table, IndexScan scan) {
    return database.use(() -> RocksIndexScan.page(database, table.id(), scan));
  }

  /** {@inheritDoc} In synced chunks between commit rounds ({@link RocksIndexBuild}). */
  @Override
  public void buildIndex(TableInfo table, IndexDefinition index) {
    indexBuild.build(table.id(), index);
  }

  /**
   * {@inheritDoc} Queues the writes on their lane and never waits; the stage completes on the
   * lane's thread, with {@code NO_SUCH_TABLE} for a table id the catalog does not list.
   */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return lanes.submit(tableId, null, partitionKey, writes);
  }

  /** {@inheritDoc} With a change group in the same batch when the table's settings ask. */
  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      TableInfo table, String partitionKey, List<Write> writes) {
    return lanes.submit(table.id(), table.settings().changeFeedRetention(), partitionKey, writes);
  }

  /** {@inheritDoc} Queues the writes on their lane, as {@link #applyAsync} does. */
  @Override
  public Attempt<CompletableFuture<ApplyResult>> tryApplyAsync(
      TableInfo table, String partitionKey, List<Write> writes) {
    return Attempt.answered(applyAsync(table, partitionKey, writes));
  }

  /** {@inheritDoc} Queues the writes on their lane, as {@link #applyAsync} does. */
  @Override
  public Attempt<CompletableFuture<ApplyResult>> tryApplyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return Attempt.answered(lanes.submit(tableId, null, partitionKey, writes));
  }

  /** Stops the commit lanes once they have committed what is queued. */
  @Override
  public void close() {
    lanes.close();
  }

  /**
   * Commits one round while the database stays open and no table is being deleted: an apply to a
   * table the catalog no longer lists fails with {@code TABLE_NOT_FOUND}, and no apply can write
   * under a table id after its range was deleted.
   */
  private void commitRound(List<RocksCommitLanes.Apply> round) {
    database.use(
        () ->
            live.duringApplies(
                () -> {
                  planAndPersist(round);
                  return null;
                }));
  }

  /**
   * Plans a round's applies in order, each against the stored rows as the earlier ones left them,
   * and persists every committed plan in one synced batch. Commit times are taken in that order, so
   * they increase in commit order on every partition. A committed apply to a table with a change
   * feed adds its group to the batch, at its commit time's position ({@link RocksFeedRound}).
   */
  private void planAndPersist(List<RocksCommitLanes.Apply> round) throws RocksDBException {
    RocksFeedRound feed = new RocksFeedRound(sequencer, clock);
    boolean stored = false;
    try {
      stored = planAndPersist(round, feed);
    } finally {
      feed.settle(stored);
      if (feed.reserved()) {
        waiters.signalAll();
      }
    }
  }

  /** {@link #planAndPersist(List)} with the round's feed; whether it wrote a batch. */
  private boolean planAndPersist(List<RocksCommitLanes.Apply> round, RocksFeedRound feed)
      throws RocksDBException {
    Map<RowRef, Optional<Entity>> planned = new HashMap<>();
    Map<RocksCommitLanes.Apply, ApplyResult> results = new LinkedHashMap<>();
    Instant lastCommit = null;
    try (WriteBatch batch = new WriteBatch()) {
      for (RocksCommitLanes.Apply apply : round) {
        if (!live.contains(apply.tableId)) {
          apply.fail(
              new StorageException(
                  StorageException.Kind.NO_SUCH_TABLE, "no table has id " + apply.tableId));
          continue;
        }
        Instant commitTime = feed.next(apply.feedRetention != null);
        PartitionBatch.Plan plan;
        try {
          plan =
              PartitionBatch.plan(
                  apply.partitionKey,
                  apply.writes,
                  commitTime,
                  rowKey ->
                      current(planned, new RowRef(apply.tableId, apply.partitionKey, rowKey)));
        } catch (RuntimeException e) {
          apply.fail(e); // its own failure; the others go on
          continue;
        }
        if (plan instanceof PartitionBatch.Commit commit) {
          stage(batch, apply, commitTime, commit.changes(), planned);
          if (apply.feedRetention != null) {
            stageGroup(batch, apply, commit, feed);
          }
          lastCommit = commitTime;
        }
        results.put(apply, plan.result());
      }
      if (lastCommit != null) {
        batch.merge(
            database.catalog,
            RocksCatalogRecords.CLOCK_KEY,
            RocksCatalogRecords.clockMark(EdmDateTimes.toTicks(lastCommit)));
        database.write(batch);
      }
    }
    results.forEach(RocksCommitLanes.Apply::succeed);
    return lastCommit != null;
  }

  private void stageGroup(
      WriteBatch batch,
      RocksCommitLanes.Apply apply,
      PartitionBatch.Commit commit,
      RocksFeedRound feed)
      throws RocksDBException {
    long position = EdmDateTimes.toTicks(commit.result().commitTime());
    ChangeGroup group =
        ChangeGroup.of(
            position, apply.partitionKey, apply.writes, commit.result(), commit.changes());
    feedWriter.stage(batch, apply.tableId, group, apply.feedRetention);
    feed.staged(apply.tableId, position);
  }

  /** A row as the round left it so far, else as stored. */
  private Optional<Entity> current(Map<RowRef, Optional<Entity>> planned, RowRef row)
      throws RocksDBException {
    Optional<Entity> staged = planned.get(row);
    return staged != null
        ? staged
        : Optional.ofNullable(readStored(row.tableId(), row.partitionKey(), row.rowKey()));
  }

  private void stage(
      WriteBatch batch,
      RocksCommitLanes.Apply apply,
      Instant commitTime,
      List<PartitionBatch.Change> changes,
      Map<RowRef, Optional<Entity>> planned)
      throws RocksDBException {
    // The indexes as the catalog lists them now: a change of them waits for this round to end.
    List<IndexDefinition> indexes = tableSettings.of(apply.tableId).indexes();
    for (PartitionBatch.Change change : changes) {
      RocksIndexEntries.stage(
          batch, database.entities, apply.tableId, indexes, apply.partitionKey, change);
      byte[] key = RocksKeys.entityKey(apply.tableId, apply.partitionKey, change.rowKey());
      if (change.isDeletion()) {
        batch.delete(database.entities, key);
      } else {
        batch.put(
            database.entities,
            key,
            EntityValueCodec.encode(commitTime, change.entity().properties()));
      }
      planned.put(
          new RowRef(apply.tableId, apply.partitionKey, change.rowKey()),
          Optional.ofNullable(change.entity()));
    }
  }

  /** A row of a round's overlay. */
  private record RowRef(long tableId, String partitionKey, String rowKey) {}

  private Entity readStored(long tableId, String partitionKey, String rowKey)
      throws RocksDBException {
    byte[] value =
        database.db.get(database.entities, RocksKeys.entityKey(tableId, partitionKey, rowKey));
    return value == null ? null : EntityValueCodec.decode(partitionKey, rowKey, value);
  }
}
