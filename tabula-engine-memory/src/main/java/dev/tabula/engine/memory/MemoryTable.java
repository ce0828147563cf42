package dev.tabula.engine.memory;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.CommitClock;
import dev.tabula.engine.FeedPage;
import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.KeyBound;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.Write;
import dev.tabula.engine.index.IndexRead;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jspecify.annotations.Nullable;

/**
 * The entities of one table in key order. One read-write lock per table: an apply holds the write
 * lock for its whole read-check-write, so it is atomic and isolated, and a scan holds the read lock
 * for its whole page, so it sees every apply entirely or not at all. Simple rather than concurrent:
 * the memory engine is for tests and development.
 */
final class MemoryTable {
  private final NavigableMap<EntityKey, Entity> rows = new TreeMap<>();
  private final ReadWriteLock lock = new ReentrantReadWriteLock();
  private final MemoryFeed feed = new MemoryFeed();
  private final MemoryIndexes indexes = new MemoryIndexes();

  Optional<Entity> read(EntityKey key) {
    lock.readLock().lock();
    try {
      return Optional.ofNullable(rows.get(key));
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Plans and stores an apply; with {@code feedCutoff} (the table has a change feed), also appends
   * its group to the feed, in the same step, at its commit time.
   */
  ApplyResult apply(
      String partitionKey, List<Write> writes, CommitClock clock, @Nullable Long feedCutoff) {
    lock.writeLock().lock();
    try {
      Instant commitTime = clock.next();
      PartitionBatch.Plan plan =
          PartitionBatch.plan(
              partitionKey,
              writes,
              commitTime,
              rowKey -> Optional.ofNullable(rows.get(new EntityKey(partitionKey, rowKey))));
      if (plan instanceof PartitionBatch.Commit commit) {
        for (PartitionBatch.Change change : commit.changes()) {
          store(new EntityKey(partitionKey, change.rowKey()), change.entity());
          indexes.apply(partitionKey, change);
        }
        if (feedCutoff != null) {
          long position = EdmDateTimes.toTicks(commitTime);
          feed.append(
              ChangeGroup.of(position, partitionKey, writes, commit.result(), commit.changes()),
              feedCutoff);
        }
      }
      return plan.result();
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The indexes every apply maintains from now on (the catalog's settings changed). */
  void setIndexes(List<IndexDefinition> definitions) {
    lock.writeLock().lock();
    try {
      indexes.define(definitions);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Adds every entity's entry to a listed index, in one step with respect to applies. */
  void buildIndex(IndexDefinition index) {
    lock.writeLock().lock();
    try {
      indexes.build(index, rows.values());
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Reads through an index under the read lock, so the page sees every apply whole. */
  IndexPage scanIndex(IndexScan scan) {
    lock.readLock().lock();
    try {
      return IndexRead.read(indexes.source(scan.index().id(), rows), scan);
    } finally {
      lock.readLock().unlock();
    }
  }

  FeedPage readFeed(long after, int limit, long maxBytes, long cutoff) {
    lock.readLock().lock();
    try {
      return feed.read(after, limit, maxBytes, cutoff);
    } finally {
      lock.readLock().unlock();
    }
  }

  long feedLatest() {
    lock.readLock().lock();
    try {
      return feed.latest();
    } finally {
      lock.readLock().unlock();
    }
  }

  Page scan(ScanRequest request) {
    lock.readLock().lock();
    try {
      List<Entity> kept = new ArrayList<>();
      long scanned = 0;
      long keptBytes = 0;
      for (Entity entity : slice(request.range()).values()) {
        // Checked before reading the next entity, so a full last page ends as exhausted.
        if (request.full(kept.size(), keptBytes)) {
          return new Page(kept, entity.key(), StopReason.RETURN_LIMIT_REACHED, scanned, keptBytes);
        }
        if (System.nanoTime() - request.deadlineNanos() >= 0) {
          return new Page(kept, entity.key(), StopReason.TIME_LIMIT_REACHED, scanned, keptBytes);
        }
        scanned++;
        if (request.filter().test(RowFilter.Row.of(entity))) {
          kept.add(entity);
          keptBytes += request.sizeOf(entity);
        }
      }
      return new Page(kept, null, StopReason.SOURCE_EXHAUSTED, scanned, keptBytes);
    } finally {
      lock.readLock().unlock();
    }
  }

  private void store(EntityKey key, @Nullable Entity entity) {
    if (entity == null) {
      rows.remove(key);
    } else {
      rows.put(key, entity);
    }
  }

  private NavigableMap<EntityKey, Entity> slice(KeyRange range) {
    NavigableMap<EntityKey, Entity> view = rows;
    EntityKey from = range.lower() == null ? null : firstKeyAt(range.lower());
    EntityKey to = range.upper() == null ? null : firstKeyAt(range.upper());
    if (from != null && to != null && from.compareTo(to) >= 0) {
      return new TreeMap<>();
    }
    if (from != null) {
      view = view.tailMap(from, true);
    }
    if (to != null) {
      view = view.headMap(to, false);
    }
    return view;
  }

  /**
   * The smallest possible key at or after a position. After a partition {@code pk} that is the
   * first key of partition {@code pk + U+0000}: no string lies between {@code pk} and it in
   * code-point order, so every later partition starts at or after it.
   */
  private static EntityKey firstKeyAt(KeyBound bound) {
    if (bound instanceof KeyBound.AtKey at) {
      return at.key();
    }
    return EntityKey.firstOf(((KeyBound.AfterPartition) bound).partitionKey() + '\u0000');
  }
}
