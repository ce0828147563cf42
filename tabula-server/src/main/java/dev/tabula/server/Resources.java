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
 * <p>With an engine that takes writes without waiting (RocksDB), a single-entity write is started
 * on the event loop and waits for its commit without a worker; such writes are bounded too, by
 * {@code queueCapacity} at once and under the same {@code requestMemoryBytes} (past either, a write
 * goes to the pool like any request, and is refused there when the pool is full).
 *
 * <p>Open client connections are bounded too, by {@code maxConnections}, counted across the HTTP
 * and HTTPS listeners together: a connection past the bound has its first request answered 503
 * ServerBusy and is then closed; as many again may be open for the moment that takes, and past that
 * a connection is closed as soon as it is accepted (see {@link ConnectionLimitHandler}).
 *
 * @param workers the threads that run engine calls, at least 1
 * @param queueCapacity the requests that may wait for a worker, at least 1
 * @param blockCacheBytes the RocksDB block cache (decompressed data blocks, shared by every table);
 *     ignored by the in-memory engine
 * @param requestMemoryBytes the most request-body bytes admitted requests hold together
 * @param maxConnections the most client connections served at once, at least 1
 */
public record Resources(
    int workers,
    int queueCapacity,
    long blockCacheBytes,
    long requestMemoryBytes,
    int maxConnections) {

  private static final long MIB = 1024L * 1024;

  /**
   * The default connection bound. An idle connection costs about 3 KB of heap and one file
   * descriptor (docs/performance.md), so 10,000 of them hold about 30 MB, a small share of even a
   * 512 MiB heap. It fits under common hard limits on open files (systemd's 524,288; 20,000 on the
   * machine it was measured on; the JVM raises its soft limit to the hard one) with room left for
   * RocksDB's files, and is far above what a client's connection pool opens, so it only bites on a
   * flood or a leak. Where {@code ulimit -Hn} is lower, lower this too, to about half of it: a
   * refused connection holds a descriptor for a moment as well.
   */
  public static final int DEFAULT_MAX_CONNECTIONS = 10_000;

  /**
   * 64 workers, 4,096 queued requests, 64 MiB of block cache, request bodies up to a quarter of the
   * maximum heap (at least 16 MiB), and 10,000 connections.
   */
  public static final Resources DEFAULTS =
      new Resources(
          64,
          4096,
          64 * MIB,
          Math.max(16 * MIB, Runtime.getRuntime().maxMemory() / 4),
          DEFAULT_MAX_CONNECTIONS);

  public Resources {
    if (workers < 1 || workers > 10_000) {
      throw new IllegalArgumentException("workers must be 1..10000: " + workers);
    }
    if (queueCapacity < 1 || queueCapacity > 1_000_000) {
      throw new IllegalArgumentException("queue capacity must be 1..1000000: " + queueCapacity);
    }
    if (blockCacheBytes < MIB) {
      throw new IllegalArgumentException(
          "the block cache must be at least 1 MiB: " + blockCacheBytes);
    }
    if (requestMemoryBytes < MIB) {
      throw new IllegalArgumentException(
          "request memory must be at least 1 MiB: " + requestMemoryBytes);
    }
    if (maxConnections < 1 || maxConnections > 1_000_000) {
      throw new IllegalArgumentException("max connections must be 1..1000000: " + maxConnections);
    }
  }

  /**
   * These resources with another pool: {@code newWorkers} threads and a queue of {@code newQueue}.
   */
  public Resources withWorkers(int newWorkers, int newQueue) {
    return new Resources(newWorkers, newQueue, blockCacheBytes, requestMemoryBytes, maxConnections);
  }

  /** These resources with a block cache of {@code megabytes} MiB. */
  public Resources withBlockCacheMegabytes(long megabytes) {
    return new Resources(
        workers,
        queueCapacity,
        Math.multiplyExact(megabytes, MIB),
        requestMemoryBytes,
        maxConnections);
  }

  /** These resources with {@code megabytes} MiB for the bodies of admitted requests. */
  public Resources withRequestMemoryMegabytes(long megabytes) {
    return new Resources(
        workers,
        queueCapacity,
        blockCacheBytes,
        Math.multiplyExact(megabytes, MIB),
        maxConnections);
  }

  /** These resources with at most {@code connections} client connections open at once. */
  public Resources withMaxConnections(int connections) {
    return new Resources(workers, queueCapacity, blockCacheBytes, requestMemoryBytes, connections);
  }
}
