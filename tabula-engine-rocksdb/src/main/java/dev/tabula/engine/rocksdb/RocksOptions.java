package dev.tabula.engine.rocksdb;

/**
 * Tuning for {@link RocksStorageEngine}.
 *
 * @param blockCacheBytes the LRU block cache shared by all column families
 * @param commitLanes how many commit lanes, each a thread committing rounds, partitions are
 *     spread over (a power of two); partitions that share one commit in the same rounds
 */
public record RocksOptions(long blockCacheBytes, int commitLanes) {
  /** 64 MiB of block cache. */
  public static final long DEFAULT_BLOCK_CACHE_BYTES = 64L * 1024 * 1024;

  /**
   * Two lanes: while one lane's round waits for its sync, the other plans the next, and RocksDB
   * joins syncs that meet. A lane plans a round in microseconds per write and syncs once for the
   * whole round, so more lanes mostly add threads and smaller rounds.
   */
  public static final int DEFAULT_COMMIT_LANES = 2;

  public RocksOptions {
    if (blockCacheBytes <= 0) {
      throw new IllegalArgumentException("blockCacheBytes must be positive: " + blockCacheBytes);
    }
    if (commitLanes <= 0 || commitLanes > 64 || Integer.bitCount(commitLanes) != 1) {
      throw new IllegalArgumentException("commitLanes must be a power of two up to 64: " + commitLanes);
    }
  }

  /** The defaults. */
  public static RocksOptions defaults() {
    return new RocksOptions(DEFAULT_BLOCK_CACHE_BYTES, DEFAULT_COMMIT_LANES);
  }

  /** These options with another block cache size. */
  public RocksOptions withBlockCacheBytes(long bytes) {
    return new RocksOptions(bytes, commitLanes);
  }
}
