package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Requests served beside the pool (writes waiting for the engine off any thread) are bounded like
 * the pool's: by count, at the queue's capacity, and by body bytes, under the same memory bound as
 * the pool's requests; every admission given back makes room again.
 */
class WorkerPoolTest {
  private static final long MIB = 1024 * 1024;

  private WorkerPool pool;

  @AfterEach
  void stop() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }

  @Test
  void requestsAside_areBoundedByTheQueuesCapacity() {
    pool = new WorkerPool(Resources.DEFAULTS.withWorkers(1, 3));

    assertThat(pool.admitAside(0)).isTrue();
    assertThat(pool.admitAside(10)).isTrue();
    assertThat(pool.admitAside(0)).isTrue();
    assertThat(pool.admitAside(0)).as("a fourth is one past the capacity").isFalse();

    pool.releaseAside(10);
    assertThat(pool.admitAside(0)).isTrue();
  }

  @Test
  void requestsAside_andThePoolsRequests_shareOneMemoryBound() throws Exception {
    pool = new WorkerPool(Resources.DEFAULTS.withWorkers(1, 100).withRequestMemoryMegabytes(1));

    assertThat(pool.admitAside(MIB / 2)).isTrue();
    assertThat(pool.admitAside(MIB / 2 + 1)).as("past the bound").isFalse();
    CountDownLatch delivered = new CountDownLatch(1);
    assertThatThrownBy(() -> pool.execute(MIB / 2 + 1, () -> 1, result -> delivered.countDown()))
        .isInstanceOf(RejectedExecutionException.class);

    pool.releaseAside(MIB / 2);
    pool.execute(MIB / 2 + 1, () -> 1, result -> delivered.countDown());
    assertThat(delivered.await(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aRequestsBytes_areGivenBack_beforeItsAnswerIsDelivered() throws Exception {
    pool = new WorkerPool(Resources.DEFAULTS.withWorkers(1, 100).withRequestMemoryMegabytes(1));
    CompletableFuture<Boolean> admittedAtDelivery = new CompletableFuture<>();

    pool.execute(
        MIB,
        () -> "answer",
        answer -> {
          boolean admitted = pool.admitAside(MIB); // as the client's next request would be
          admittedAtDelivery.complete(admitted);
        });

    assertThat(admittedAtDelivery.get(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aRequestAside_isAlwaysAdmitted_whenNothingIsHeld() {
    pool = new WorkerPool(Resources.DEFAULTS.withWorkers(1, 1).withRequestMemoryMegabytes(1));

    assertThat(pool.admitAside(4 * MIB)).as("the largest body can always run").isTrue();
    assertThat(pool.admitAside(0)).isFalse();
    pool.releaseAside(4 * MIB);
    assertThat(pool.admitAside(1)).isTrue();
  }
}
