package dev.tabula.engine.rocksdb;

/**
 * Tuning for {@link RocksStorageEngine}.
 *
 * @param blockCacheBytes the LRU block cache shared by all column families
 * @param commitQueues how many commit queues partitions are spread over (a power of two);
 *     partitions that share one commit in the same rounds, they never deadlock
 */
public record RocksOptions(long blockCacheBytes, int commitQueues) {
  /** 64 MiB of block cache. */
  public static final long DEFAULT_BLOCK_CACHE_BYTES = 64L * 1024 * 1024;

  /** Enough queues that unrelated partitions rarely share one. */
  public static final int DEFAULT_COMMIT_QUEUES = 1024;

  public RocksOptions {
    if (blockCacheBytes <= 0) {
      throw new IllegalArgumentException("blockCacheBytes must be positive: " + blockCacheBytes);
    }
    if (commitQueues <= 0 || Integer.bitCount(commitQueues) != 1) {
      throw new IllegalArgumentException("commitQueues must be a power of two: " + commitQueues);
    }
  }

  /** The defaults. */
  public static RocksOptions defaults() {
    return new RocksOptions(DEFAULT_BLOCK_CACHE_BYTES, DEFAULT_COMMIT_QUEUES);
  }

  /** These options with another block cache size. */
  public RocksOptions withBlockCacheBytes(long bytes) {
    return new RocksOptions(bytes, commitQueues);
  }
}
