package dev.tabula.engine.rocksdb;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongConsumer;
import org.rocksdb.RocksDBException;

/**
 * The ids of tables the catalog lists, and a gate between applies and table deletion. An apply runs
 * under the shared side of the gate and only on a live id; a deletion takes the exclusive side, so
 * no apply can write under an id after its range was deleted, which would leave bytes that nothing
 * reaches or reclaims.
 *
 * <p>Changes of a table's indexes take the exclusive side too ({@link #betweenApplies}): a commit
 * round reads each table's indexes as it plans, so once such a change holds the gate, no round that
 * planned with the old indexes is still to write.
 */
final class RocksLiveTables {
  private final Set<Long> ids = ConcurrentHashMap.newKeySet();
  private final ReentrantReadWriteLock gate = new ReentrantReadWriteLock();
  private volatile LongConsumer dropListener = id -> {};

  /** Tells {@code listener} of each table deleted from now on, once it is no longer live. */
  void onDrop(LongConsumer listener) {
    dropListener = listener;
  }

  void add(long tableId) {
    ids.add(tableId);
  }

  /**
   * Whether the catalog lists {@code tableId}; inside {@link #duringApplies} or {@link
   * #betweenApplies}, it stays so.
   */
  boolean contains(long tableId) {
    return ids.contains(tableId);
  }

  /**
   * Runs {@code call}, which applies to tables it checked with {@link #contains}, with no table
   * deletion in progress.
   */
  <T> T duringApplies(RocksCall<T> call) throws RocksDBException {
    gate.readLock().lock();
    try {
      return call.call();
    } finally {
      gate.readLock().unlock();
    }
  }

  /**
   * Runs {@code call} with no apply in progress: every round that began before has written, and
   * none begins until {@code call} returns.
   */
  <T> T betweenApplies(RocksCall<T> call) throws RocksDBException {
    gate.writeLock().lock();
    try {
      return call.call();
    } finally {
      gate.writeLock().unlock();
    }
  }

  /** Runs {@code deletion} with no apply in progress, then marks the table dead. */
  void drop(long tableId, RocksCall<Void> deletion) throws RocksDBException {
    gate.writeLock().lock();
    try {
      deletion.call();
      ids.remove(tableId);
    } finally {
      gate.writeLock().unlock();
    }
    if (!ids.contains(tableId)) {
      dropListener.accept(tableId);
    }
  }
}
