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
import java.util.List;
import java.util.Optional;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * Entities in the entities column family, keyed by {@link RocksKeys}, valued by {@link
 * EntityValueCodec}. A write runs its read-check-write under {@link RocksPartitionLocks} (its row
 * for a single entity, its partition for a batch) and commits as one synced {@link WriteBatch},
 * which also raises the commit-time mark in the catalog so commit times keep increasing after a
 * restart. Thread-safe.
 */
final class RocksEntityStore implements EntityStore {
  private final RocksDatabase database;
  private final RocksLiveTables live;
  private final RocksPartitionLocks locks;
  private final CommitClock clock;

  RocksEntityStore(
      RocksDatabase database, RocksLiveTables live, RocksPartitionLocks locks, CommitClock clock) {
    this.database = database;
    this.live = live;
    this.locks = locks;
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
    return database.use(
        () -> live.whileLive(tableId,
            () -> writes.size() == 1
                ? locks.withRow(tableId, partitionKey, writes.get(0).rowKey(),
                    () -> applyLocked(tableId, partitionKey, writes))
                : locks.withPartition(tableId, partitionKey,
                    () -> applyLocked(tableId, partitionKey, writes))));
  }

  private ApplyResult applyLocked(long tableId, String partitionKey, List<Write> writes)
      throws RocksDBException {
    // Taken under the lock, so commit times of a row (and of batches on a partition) increase in
    // commit order.
    Instant commitTime = clock.next();
    PartitionBatch.Plan plan = PartitionBatch.plan(partitionKey, writes, commitTime,
        rowKey -> Optional.ofNullable(readStored(tableId, partitionKey, rowKey)));
    if (plan instanceof PartitionBatch.Commit commit) {
      persist(tableId, partitionKey, commitTime, commit.changes());
    }
    return plan.result();
  }

  /** Writes a committed plan as one synced batch, with the raised commit-time mark. */
  private void persist(long tableId, String partitionKey, Instant commitTime,
      List<PartitionBatch.Change> changes) throws RocksDBException {
    try (WriteBatch batch = new WriteBatch()) {
      for (PartitionBatch.Change change : changes) {
        byte[] key = RocksKeys.entityKey(tableId, partitionKey, change.rowKey());
        if (change.isDeletion()) {
          batch.delete(database.entities, key);
        } else {
          batch.put(database.entities, key,
              EntityValueCodec.encode(commitTime, change.entity().properties()));
        }
      }
      batch.merge(database.catalog, RocksCatalogRecords.CLOCK_KEY,
          RocksCatalogRecords.clockMark(EdmDateTimes.toTicks(commitTime)));
      database.db.write(database.syncWrites, batch);
    }
  }

  private Entity readStored(long tableId, String partitionKey, String rowKey)
      throws RocksDBException {
    byte[] value = database.get(database.entities,
        RocksKeys.entityKey(tableId, partitionKey, rowKey));
    return value == null ? null : EntityValueCodec.decode(partitionKey, rowKey, value);
  }
}
