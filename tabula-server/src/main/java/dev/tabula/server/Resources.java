package dev.tabula.server;

/**
 * The memory and threads a server may use, each with a fixed bound, so that overload is answered
 * with 503 ServerBusy instead of growing without limit.
 *
 * <p>Engine calls block (a synced write waits for the disk), so they run on a pool of {@code
 * workers} threads, never on the network event loops. Requests waiting for a worker queue up to
 * {@code queueCapacity}; a request arriving when every worker is busy and the queue is full is
 * answered 503 ServerBusy at once, as the service answers when a partition is overloaded. A queued
 * request holds its whole body (up to {@link ServerConfig#maxBodyBytes()}, 4 MiB and more), so a
 * count alone would let 4,096 queued batches hold 16 GiB: the bodies of the requests admitted
 * (running or queued) are also bounded together, by {@code requestMemoryBytes}, and a request that
 * would go past it is answered 503 ServerBusy too. A request is always admitted when none is held,
 * so the largest one the body limit allows can always run.
 *
 * @param workers the threads that run engine calls, at least 1
 * @param queueCapacity the requests that may wait for a worker, at least 1
 * @param blockCacheBytes the RocksDB block cache (decompressed data blocks, shared by every
 *     table); ignored by the in-memory engine
 * @param requestMemoryBytes the most request-body bytes admitted requests hold together
 */
public record Resources(
    int workers, int queueCapacity, long blockCacheBytes, long requestMemoryBytes) {

  private static final long MIB = 1024L * 1024;

  /**
   * 64 workers, 4,096 queued requests, 64 MiB of block cache, and request bodies up to a quarter
   * of the maximum heap (at least 16 MiB).
   */
  public static final Resources DEFAULTS =
      new Resources(64, 4096, 64 * MIB, Math.max(16 * MIB, Runtime.getRuntime().maxMemory() / 4));

  public Resources {
    if (workers < 1 || workers > 10_000) {
      throw new IllegalArgumentException("workers must be 1..10000: " + workers);
    }
    if (queueCapacity < 1 || queueCapacity > 1_000_000) {
      throw new IllegalArgumentException("queue capacity must be 1..1000000: " + queueCapacity);
    }
    if (blockCacheBytes < MIB) {
      throw new IllegalArgumentException("the block cache must be at least 1 MiB: " + blockCacheBytes);
    }
    if (requestMemoryBytes < MIB) {
      throw new IllegalArgumentException("request memory must be at least 1 MiB: " + requestMemoryBytes);
    }
  }

  /** These resources with another pool: {@code newWorkers} threads and a queue of {@code newQueue}. */
  public Resources withWorkers(int newWorkers, int newQueue) {
    return new Resources(newWorkers, newQueue, blockCacheBytes, requestMemoryBytes);
  }

  /** These resources with a block cache of {@code megabytes} MiB. */
  public Resources withBlockCacheMegabytes(long megabytes) {
    return new Resources(
        workers, queueCapacity, Math.multiplyExact(megabytes, MIB), requestMemoryBytes);
  }

  /** These resources with {@code megabytes} MiB for the bodies of admitted requests. */
  public Resources withRequestMemoryMegabytes(long megabytes) {
    return new Resources(
        workers, queueCapacity, blockCacheBytes, Math.multiplyExact(megabytes, MIB));
  }
}
