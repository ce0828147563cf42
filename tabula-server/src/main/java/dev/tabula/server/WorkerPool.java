package dev.tabula.server;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The bounded pool that runs blocking engine work. Its queue is bounded too, and so are the request
 * bodies its tasks hold together (see {@link Resources}): when the pool and the queue are full, or
 * a body would go past the memory bound, {@link #execute(long, Supplier, Consumer)} throws {@link
 * RejectedExecutionException} and the request is answered 503 ServerBusy, so overload never turns
 * into unbounded memory.
 */
final class WorkerPool extends ThreadPoolExecutor {
  private final long maxHeldBytes;
  private final AtomicLong heldBytes = new AtomicLong();
  private final int maxAside;
  private final AtomicInteger aside = new AtomicInteger();
  private final LongAdder refusedQueueFull = new LongAdder();
  private final LongAdder refusedMemory = new LongAdder();

  WorkerPool(Resources resources) {
    super(
        resources.workers(),
        resources.workers(),
        60,
        TimeUnit.SECONDS,
        new ArrayBlockingQueue<>(resources.queueCapacity()),
        DaemonThreads.named("tabula-worker-"),
        new AbortPolicy());
    this.maxHeldBytes = resources.requestMemoryBytes();
    this.maxAside = resources.queueCapacity();
  }

  /**
   * Admits a request served beside the pool (started on an event loop, answered when the engine
   * completes it): its body counts against the same memory bound, and such requests together
   * against the queue's capacity, so that they cannot pile up without bound either. Each admission
   * is ended by {@link #releaseAside}.
   *
   * @return false when either bound is reached; the request then goes to the pool, which refuses it
   *     if it is full too
   */
  boolean admitAside(long bodyBytes) {
    if (aside.incrementAndGet() > maxAside) {
      aside.decrementAndGet();
      return false;
    }
    if (!reserve(bodyBytes)) {
      aside.decrementAndGet();
      return false;
    }
    return true;
  }

  /** Ends an admission of {@link #admitAside}. */
  void releaseAside(long bodyBytes) {
    heldBytes.addAndGet(-bodyBytes);
    aside.decrementAndGet();
  }

  /**
   * Runs {@code work}, which holds a request body of {@code bodyBytes}, counting those bytes
   * against the memory bound until it returns; then hands its result to {@code deliver}. The bytes
   * are given back before the delivery, so a client that sends its next request as soon as it has
   * the answer finds them free.
   *
   * @throws RejectedExecutionException when the pool and queue are full or the bytes do not fit
   */
  <T> void execute(long bodyBytes, Supplier<T> work, Consumer<T> deliver) {
    if (!reserve(bodyBytes)) {
      refusedMemory.increment();
      throw new RejectedExecutionException("request memory bound reached");
    }
    try {
      execute(
          () -> {
            T result;
            try {
              result = work.get();
            } finally {
              heldBytes.addAndGet(-bodyBytes);
            }
            deliver.accept(result);
          });
    } catch (RejectedExecutionException full) {
      heldBytes.addAndGet(-bodyBytes);
      if (!isShutdown()) {
        refusedQueueFull.increment();
      }
      throw full;
    }
  }

  /** Requests admitted beside the pool and not yet answered ({@link #admitAside}). */
  int asideCount() {
    return aside.get();
  }

  /** Requests refused so far because every worker was busy and the queue full. */
  long refusedQueueFull() {
    return refusedQueueFull.sum();
  }

  /** Requests refused so far because their body would have gone past the request memory bound. */
  long refusedMemory() {
    return refusedMemory.sum();
  }

  /** Takes {@code bytes} from the bound; always succeeds when nothing is held. */
  private boolean reserve(long bytes) {
    long before = heldBytes.getAndUpdate(held -> fits(held, bytes) ? held + bytes : held);
    return fits(before, bytes);
  }

  private boolean fits(long held, long bytes) {
    return held == 0 || held + bytes <= maxHeldBytes;
  }
}
