package dev.tabula.engine.rocksdb;

import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.FeedRetention;
import dev.tabula.engine.codec.ChangeGroupCodec;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.WriteBatch;

/**
 * Stages change groups into a commit round's batch, so a group is stored exactly when its writes
 * are, and with them, at most once a {@link #TRIM_INTERVAL} per table, the deletion of the groups
 * its retention has expired: one range deletion below the cutoff, and the mark of the newest
 * position removed ({@link RocksKeys#feedMarkKey}), by which a reader behind it learns it lost
 * changes. A table without writes keeps its expired groups on disk until its next write; readers
 * never see them (the cutoff applies at read time too). Thread-safe: lanes share it.
 */
final class RocksFeedWriter {
  /** How often a table's expired groups are deleted, at most. */
  static final Duration TRIM_INTERVAL = Duration.ofMinutes(1);

  private final RocksDatabase database;
  private final Clock wallClock;
  private final Map<Long, Long> lastTrims = new ConcurrentHashMap<>();

  RocksFeedWriter(RocksDatabase database, Clock wallClock) {
    this.database = database;
    this.wallClock = wallClock;
  }

  /** Stages {@code group} of {@code tableId}, and a trim of its expired groups when one is due. */
  void stage(WriteBatch batch, long tableId, ChangeGroup group, Duration retention)
      throws RocksDBException {
    batch.put(
        database.entities,
        RocksKeys.feedKey(tableId, group.position()),
        ChangeGroupCodec.encode(group));
    if (trimDue(tableId)) {
      stageTrim(batch, tableId, FeedRetention.cutoff(wallClock, retention));
    }
  }

  /** Forgets a deleted table. */
  void forget(long tableId) {
    lastTrims.remove(tableId);
  }

  private boolean trimDue(long tableId) {
    long now = wallClock.millis();
    AtomicBoolean due = new AtomicBoolean();
    lastTrims.compute(
        tableId,
        (id, last) -> {
          due.set(last == null || now - last >= TRIM_INTERVAL.toMillis());
          return due.get() ? Long.valueOf(now) : last;
        });
    return due.get();
  }

  /** Deletes the groups below {@code cutoff} and raises the mark to the newest of them. */
  private void stageTrim(WriteBatch batch, long tableId, long cutoff) throws RocksDBException {
    byte[] mark = RocksKeys.feedMarkKey(tableId);
    long newestExpired;
    try (Slice lower = new Slice(mark);
        ReadOptions options = new ReadOptions().setIterateLowerBound(lower);
        RocksIterator it = database.db.newIterator(database.entities, options)) {
      it.seekForPrev(RocksKeys.feedKey(tableId, cutoff - 1));
      if (!it.isValid()) {
        it.status();
        return;
      }
      newestExpired = RocksKeys.feedPosition(it.key());
    }
    if (newestExpired <= 0) {
      return; // only the mark: nothing expired since the last trim
    }
    batch.deleteRange(
        database.entities, RocksKeys.feedKey(tableId, 1), RocksKeys.feedKey(tableId, cutoff));
    batch.put(database.entities, mark, RocksCatalogRecords.longBytes(newestExpired));
  }
}
