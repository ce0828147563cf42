package dev.tabula.engine.rocksdb;

/**
 * Tuning for {@link RocksStorageEngine}.
 *
 * @param blockCacheBytes the LRU block cache shared by all column families
 * @param lockStripes how many partition locks, and how many row locks, writes are spread over (a
 *     power of two); keys that share a stripe only wait for each other, they never deadlock
 */
public record RocksOptions(long blockCacheBytes, int lockStripes) {
  /** 64 MiB of block cache. */
  public static final long DEFAULT_BLOCK_CACHE_BYTES = 64L * 1024 * 1024;

  /** Enough stripes that unrelated partitions rarely contend. */
  public static final int DEFAULT_LOCK_STRIPES = 1024;

  public RocksOptions {
    if (blockCacheBytes <= 0) {
      throw new IllegalArgumentException("blockCacheBytes must be positive: " + blockCacheBytes);
    }
    if (lockStripes <= 0 || Integer.bitCount(lockStripes) != 1) {
      throw new IllegalArgumentException("lockStripes must be a power of two: " + lockStripes);
    }
  }

  /** The defaults. */
  public static RocksOptions defaults() {
    return new RocksOptions(DEFAULT_BLOCK_CACHE_BYTES, DEFAULT_LOCK_STRIPES);
  }

  /** These options with another block cache size. */
  public RocksOptions withBlockCacheBytes(long bytes) {
    return new RocksOptions(bytes, lockStripes);
  }
}
