package dev.tabula.engine.rocksdb;

/**
 * Tuning for {@link RocksStorageEngine}.
 *
 * @param blockCacheBytes the LRU block cache shared by all column families
 * @param commitLanes how many commit lanes, each a thread committing rounds, partitions are spread
 *     over (a power of two); partitions that share one commit in the same rounds
 * @param acceptWalDataLoss open even when the write-ahead log lost acknowledged writes (see {@link
 *     RocksWalLossException}), logging what was lost; false refuses to open instead
 * @param statistics keep RocksDB's statistics (tickers such as WAL syncs), which the engine's
 *     metrics read ({@link RocksStorageEngine#bindMetrics}): the server keeps them; counting costs
 *     a little on every write, so they are off by default
 */
public record RocksOptions(
    long blockCacheBytes, int commitLanes, boolean acceptWalDataLoss, boolean statistics) {
  /** 64 MiB of block cache. */
  public static final long DEFAULT_BLOCK_CACHE_BYTES = 64L * 1024 * 1024;

  /**
   * One lane per four processors, rounded down to a power of two, at least one. A lane plans a
   * write in microseconds and syncs once per round, so one lane keeps up with what a few cores can
   * parse; a second lane makes each round smaller and syncs twice as often, which on 2 cores cost
   * more CPU per insert and 10–30% of the rate of inserts and hot-key upserts at 16 and 64 clients
   * (docs/performance.md, fifth pass). More cores parse more writes a second than one lane can
   * plan, and get more lanes.
   */
  public static final int DEFAULT_COMMIT_LANES =
      Integer.highestOneBit(
          Math.min(64, Math.max(1, Runtime.getRuntime().availableProcessors() / 4)));

  public RocksOptions {
    if (blockCacheBytes <= 0) {
      throw new IllegalArgumentException("blockCacheBytes must be positive: " + blockCacheBytes);
    }
    if (commitLanes <= 0 || commitLanes > 64 || Integer.bitCount(commitLanes) != 1) {
      throw new IllegalArgumentException(
          "commitLanes must be a power of two up to 64: " + commitLanes);
    }
  }

  /** A cache and lanes; refusing to open over a lossy log, without statistics. */
  public RocksOptions(long blockCacheBytes, int commitLanes) {
    this(blockCacheBytes, commitLanes, false, false);
  }

  /** The defaults. */
  public static RocksOptions defaults() {
    return new RocksOptions(DEFAULT_BLOCK_CACHE_BYTES, DEFAULT_COMMIT_LANES);
  }

  /** These options with another block cache size. */
  public RocksOptions withBlockCacheBytes(long bytes) {
    return new RocksOptions(bytes, commitLanes, acceptWalDataLoss, statistics);
  }

  /** These options, opening over a log that lost acknowledged writes ({@code accept}) or not. */
  public RocksOptions withAcceptWalDataLoss(boolean accept) {
    return new RocksOptions(blockCacheBytes, commitLanes, accept, statistics);
  }

  /** These options with RocksDB's statistics kept (see {@link #statistics()}). */
  public RocksOptions withStatistics() {
    return new RocksOptions(blockCacheBytes, commitLanes, acceptWalDataLoss, true);
  }
}
