package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Who waits for whom: rows of one partition side by side, a batch alone on its partition. */
class RocksPartitionLocksTest {
  private static final long TABLE = 7;

  private final RocksPartitionLocks locks = new RocksPartitionLocks(1024);
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void stop() {
    release.countDown();
    threads.shutdownNow();
  }

  @Test
  void writesToDifferentRows_ofOnePartition_overlap() throws Exception {
    holdUntilReleased(() -> locks.withRow(TABLE, "p", "a", this::holdIt));

    assertThat(tryWithin(() -> locks.withRow(TABLE, "p", "b", () -> "done"))).isEqualTo("done");
  }

  @Test
  void writesToOneRow_wait_forEachOther() throws Exception {
    holdUntilReleased(() -> locks.withRow(TABLE, "p", "a", this::holdIt));

    Future<String> second = threads.submit(() -> locks.withRow(TABLE, "p", "a", () -> "done"));
    assertWaiting(second);
    release.countDown();
    assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo("done");
  }

  @Test
  void aBatch_waitsForRowWrites_onItsPartition() throws Exception {
    holdUntilReleased(() -> locks.withRow(TABLE, "p", "a", this::holdIt));
    Future<String> batch = threads.submit(() -> locks.withPartition(TABLE, "p", () -> "batch"));
    assertWaiting(batch);
    release.countDown();
    assertThat(batch.get(5, TimeUnit.SECONDS)).isEqualTo("batch");

  }

  @Test
  void rowWrites_waitForABatch_onTheirPartition() throws Exception {
    holdUntilReleased(() -> locks.withPartition(TABLE, "p", this::holdIt));

    Future<String> row = threads.submit(() -> locks.withRow(TABLE, "p", "z", () -> "row"));
    assertWaiting(row);
    release.countDown();
    assertThat(row.get(5, TimeUnit.SECONDS)).isEqualTo("row");
  }

  @Test
  void otherPartitions_goOn_whileABatchHoldsOne() throws Exception {
    holdUntilReleased(() -> locks.withPartition(TABLE, "p", this::holdIt));

    assertThat(tryWithin(() -> locks.withPartition(TABLE, "q", () -> "done"))).isEqualTo("done");
    assertThat(tryWithin(() -> locks.withRow(TABLE + 1, "p", "a", () -> "done")))
        .isEqualTo("done");
  }

  private final CountDownLatch held = new CountDownLatch(1);

  /** The body of a lock holder: says it is inside, then stays until the test releases it. */
  private boolean holdIt() {
    held.countDown();
    try {
      return release.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Starts {@code holder} on its own thread and returns once it is inside its lock. */
  private void holdUntilReleased(RocksCall<Boolean> holder) throws Exception {
    threads.submit(holder::call);
    assertThat(held.await(5, TimeUnit.SECONDS)).as("the holder took its lock").isTrue();
  }

  private String tryWithin(RocksCall<String> call) throws Exception {
    return threads.submit(call::call).get(5, TimeUnit.SECONDS);
  }

  private static void assertWaiting(Future<?> future) throws InterruptedException {
    TimeUnit.MILLISECONDS.sleep(200);
    assertThat(future).as("still waiting for the lock").isNotDone();
  }
}
