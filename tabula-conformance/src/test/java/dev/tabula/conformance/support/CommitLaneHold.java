package dev.tabula.conformance.support;

import dev.tabula.engine.Precondition;
import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.Write;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keeps a RocksDB engine's commit lane busy until released, through the engine's own documented
 * behaviour rather than a stand-in: the stage of an apply completes on its lane's thread, and what
 * is chained on it runs there before the lane's next round (RocksCommitLanes). A write queued on
 * the lane meanwhile is therefore not committed before {@link #release}. With one commit lane
 * ({@code new RocksOptions(cacheBytes, 1)}) that is every write.
 */
public final class CommitLaneHold implements AutoCloseable {
  /** A hold is let go after this long even if the test never releases it. */
  private static final Duration MAX_HOLD = Duration.ofSeconds(60);

  private final CountDownLatch released = new CountDownLatch(1);

  private CommitLaneHold() {}

  /**
   * Holds the lane of {@code partitionKey} in table {@code tableId}, writing one entity there
   * ({@code RowKey} "lane-hold"); returns once the lane's thread is held.
   */
  public static CommitLaneHold hold(StorageEngine engine, long tableId, String partitionKey)
      throws InterruptedException {
    CommitLaneHold hold = new CommitLaneHold();
    Write write = Write.put("lane-hold", Map.of(), Precondition.NONE);
    Thread caller = Thread.currentThread();
    while (true) {
      CountDownLatch onLane = new CountDownLatch(1);
      AtomicBoolean ranHere = new AtomicBoolean();
      engine
          .entities()
          .applyAsync(tableId, partitionKey, List.of(write))
          .whenComplete(
              (result, failure) -> {
                if (Thread.currentThread() == caller) {
                  ranHere.set(true); // committed before it was chained: try again
                  return;
                }
                onLane.countDown();
                hold.awaitRelease();
              });
      if (!ranHere.get()) {
        if (!onLane.await(MAX_HOLD.toMillis(), TimeUnit.MILLISECONDS)) {
          throw new IllegalStateException("the commit lane never completed the holding write");
        }
        return hold;
      }
    }
  }

  /** Lets the lane go on to its next round. */
  public void release() {
    released.countDown();
  }

  @Override
  public void close() {
    release();
  }

  private void awaitRelease() {
    try {
      released.await(MAX_HOLD.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
