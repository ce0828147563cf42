package dev.tabula.engine.rocksdb;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.rocksdb.RocksDBException;

/**
 * Striped locks for read-check-write. A partition batch takes its (table, PartitionKey)
 * exclusively, so two batches on one partition never interleave. A single-entity write shares its
 * partition and takes its row exclusively: writes to different rows of one hot partition then run
 * side by side and meet in one group commit, instead of queueing for one sync each, while a batch
 * still reads and replaces its partition whole.
 *
 * <p>A thread takes at most one partition stripe and then at most one row stripe, always in that
 * order, and nobody holding a row stripe waits for a partition stripe, so unrelated keys that share
 * a stripe cost waiting, never deadlock.
 */
final class RocksPartitionLocks {
  private final ReentrantReadWriteLock[] partitions;
  private final ReentrantLock[] rows;

  RocksPartitionLocks(int count) {
    partitions = new ReentrantReadWriteLock[count];
    rows = new ReentrantLock[count];
    for (int i = 0; i < count; i++) {
      partitions[i] = new ReentrantReadWriteLock();
      rows[i] = new ReentrantLock();
    }
  }

  /** Runs {@code call} holding the whole partition. */
  <T> T withPartition(long tableId, String partitionKey, RocksCall<T> call)
      throws RocksDBException {
    return locked(partitions[stripe(tableId, partitionKey)].writeLock(), call);
  }

  /** Runs {@code call} holding one row, while no batch holds its partition. */
  <T> T withRow(long tableId, String partitionKey, String rowKey, RocksCall<T> call)
      throws RocksDBException {
    Lock shared = partitions[stripe(tableId, partitionKey)].readLock();
    int row = spread(stripe(tableId, partitionKey) * 31 + rowKey.hashCode());
    return locked(shared, () -> locked(rows[row & (rows.length - 1)], call));
  }

  private static <T> T locked(Lock lock, RocksCall<T> call) throws RocksDBException {
    lock.lock();
    try {
      return call.call();
    } finally {
      lock.unlock();
    }
  }

  private int stripe(long tableId, String partitionKey) {
    return spread(partitionKey.hashCode() * 31 + Long.hashCode(tableId)) & (partitions.length - 1);
  }

  private static int spread(int h) {
    return h ^ (h >>> 16); // high bits into the masked low bits
  }
}
