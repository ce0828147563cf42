package dev.tabula.server;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded pool that runs blocking engine work. Its queue is bounded too: when both are full,
 * {@link #execute} throws {@link java.util.concurrent.RejectedExecutionException} and the request
 * is answered 503 ServerBusy, so overload never turns into unbounded memory.
 */
final class WorkerPool extends ThreadPoolExecutor {

  WorkerPool(int threads, int queueCapacity) {
    super(
        threads,
        threads,
        60,
        TimeUnit.SECONDS,
        new ArrayBlockingQueue<>(queueCapacity),
        namedDaemonThreads("tabula-worker-"),
        new AbortPolicy());
  }

  private static ThreadFactory namedDaemonThreads(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
