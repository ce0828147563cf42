package dev.tabula.engine.rocksdb;

import java.util.concurrent.locks.ReentrantLock;
import org.rocksdb.RocksDBException;

/**
 * Striped locks for partition batches: a batch's read-check-write runs under the lock of its
 * (table, PartitionKey), so two batches on one partition never interleave. A thread holds at most
 * one stripe, so stripes shared by unrelated partitions cost waiting, never deadlock.
 */
final class RocksPartitionLocks {
  private final ReentrantLock[] stripes;

  RocksPartitionLocks(int count) {
    stripes = new ReentrantLock[count];
    for (int i = 0; i < count; i++) {
      stripes[i] = new ReentrantLock();
    }
  }

  <T> T withLock(long tableId, String partitionKey, RocksCall<T> call) throws RocksDBException {
    ReentrantLock lock = stripes[stripe(tableId, partitionKey)];
    lock.lock();
    try {
      return call.call();
    } finally {
      lock.unlock();
    }
  }

  private int stripe(long tableId, String partitionKey) {
    int h = partitionKey.hashCode() * 31 + Long.hashCode(tableId);
    h ^= h >>> 16; // spread high bits into the masked low bits
    return h & (stripes.length - 1);
  }
}
