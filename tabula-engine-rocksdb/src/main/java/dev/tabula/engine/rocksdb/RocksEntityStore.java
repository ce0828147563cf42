package dev.tabula.engine.rocksdb;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.CommitClock;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Write;
import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * Entities in the entities column family, keyed by {@link RocksKeys}, valued by {@link
 * EntityValueCodec}. Applies on a partition commit in rounds ({@link RocksCommitQueues}): each
 * round's read-check-writes run in order on one thread and persist as one synced {@link
 * WriteBatch}, which also raises the commit-time mark in the catalog so commit times keep
 * increasing after a restart. Thread-safe.
 */
final class RocksEntityStore implements EntityStore {
  private final RocksDatabase database;
  private final RocksLiveTables live;
  private final RocksCommitQueues queues;
  private final CommitClock clock;

  RocksEntityStore(
      RocksDatabase database, RocksLiveTables live, int commitQueues, CommitClock clock) {
    this.database = database;
    this.live = live;
    this.queues = new RocksCommitQueues(commitQueues, this::commitRound);
    this.clock = clock;
  }

  @Override
  public Optional<Entity> read(long tableId, EntityKey key) {
    return database.lookup(
        () -> Optional.ofNullable(readStored(tableId, key.partitionKey(), key.rowKey())));
  }

  @Override
  public Page scan(long tableId, ScanRequest request) {
    return database.use(() -> RocksScan.page(database, tableId, request));
  }

  /** {@inheritDoc} Throws {@code TABLE_NOT_FOUND} for a table id the catalog does not list. */
  @Override
  public ApplyResult apply(long tableId, String partitionKey, List<Write> writes) {
    // The caller holds the table live and the database open while a round commits its writes.
    return database.use(
        () -> live.whileLive(tableId, () -> queues.apply(tableId, partitionKey, writes)));
  }

  /**
   * Plans a round's applies in order, each against the stored rows as the earlier ones left them,
   * and persists every committed plan in one synced batch. Commit times are taken in that order,
   * so they increase in commit order on every partition.
   */
  private void commitRound(List<RocksCommitQueues.Apply> round) throws RocksDBException {
    Map<RowRef, Optional<Entity>> planned = new HashMap<>();
    Map<RocksCommitQueues.Apply, ApplyResult> results = new LinkedHashMap<>();
    Instant lastCommit = null;
    try (WriteBatch batch = new WriteBatch()) {
      for (RocksCommitQueues.Apply apply : round) {
        Instant commitTime = clock.next();
        PartitionBatch.Plan plan;
        try {
          plan = PartitionBatch.plan(apply.partitionKey, apply.writes, commitTime,
              rowKey -> current(planned, new RowRef(apply.tableId, apply.partitionKey, rowKey)));
        } catch (RuntimeException e) {
          apply.fail(e); // its own failure; the others go on
          continue;
        }
        if (plan instanceof PartitionBatch.Commit commit) {
          stage(batch, apply, commitTime, commit.changes(), planned);
          lastCommit = commitTime;
        }
        results.put(apply, plan.result());
      }
      if (lastCommit != null) {
        batch.merge(database.catalog, RocksCatalogRecords.CLOCK_KEY,
            RocksCatalogRecords.clockMark(EdmDateTimes.toTicks(lastCommit)));
        database.db.write(database.syncWrites, batch);
      }
    }
    results.forEach(RocksCommitQueues.Apply::succeed);
  }

  /** A row as the round left it so far, else as stored. */
  private Optional<Entity> current(Map<RowRef, Optional<Entity>> planned, RowRef row)
      throws RocksDBException {
    Optional<Entity> staged = planned.get(row);
    return staged != null
        ? staged
        : Optional.ofNullable(readStored(row.tableId(), row.partitionKey(), row.rowKey()));
  }

  private void stage(WriteBatch batch, RocksCommitQueues.Apply apply, Instant commitTime,
      List<PartitionBatch.Change> changes, Map<RowRef, Optional<Entity>> planned)
      throws RocksDBException {
    for (PartitionBatch.Change change : changes) {
      byte[] key = RocksKeys.entityKey(apply.tableId, apply.partitionKey, change.rowKey());
      if (change.isDeletion()) {
        batch.delete(database.entities, key);
      } else {
        batch.put(database.entities, key,
            EntityValueCodec.encode(commitTime, change.entity().properties()));
      }
      planned.put(new RowRef(apply.tableId, apply.partitionKey, change.rowKey()),
          Optional.ofNullable(change.entity()));
    }
  }

  /** A row of a round's overlay. */
  private record RowRef(long tableId, String partitionKey, String rowKey) {}

  private Entity readStored(long tableId, String partitionKey, String rowKey)
      throws RocksDBException {
    byte[] value = database.get(database.entities,
        RocksKeys.entityKey(tableId, partitionKey, rowKey));
    return value == null ? null : EntityValueCodec.decode(partitionKey, rowKey, value);
  }
}
