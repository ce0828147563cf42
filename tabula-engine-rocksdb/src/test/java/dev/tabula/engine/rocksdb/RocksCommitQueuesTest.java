package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.Write;
import dev.tabula.model.TableErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDBException;

/**
 * Rounds of a commit queue: applies that queue while a round commits go together in the next,
 * every apply gets its own outcome, and nobody is left waiting.
 */
class RocksCommitQueuesTest {
  private static final long TABLE = 3;

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final ConcurrentLinkedQueue<List<Integer>> rounds = new ConcurrentLinkedQueue<>();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @Test
  void appliesQueuedDuringARound_commitTogether_inTheNext() throws Exception {
    CountDownLatch firstRoundHolds = new CountDownLatch(1);
    CountDownLatch releaseFirstRound = new CountDownLatch(1);
    RocksCommitQueues queues = new RocksCommitQueues(1, round -> {
      if (rounds.isEmpty()) {
        firstRoundHolds.countDown();
        await(releaseFirstRound);
      }
      answerEach(round);
    });
    Future<ApplyResult> first = threads.submit(() -> apply(queues, "p", 0));
    assertThat(firstRoundHolds.await(5, TimeUnit.SECONDS)).isTrue();

    List<Future<ApplyResult>> queued = new ArrayList<>();
    List<Thread> waiting = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      int id = i;
      queued.add(threads.submit(() -> {
        synchronized (waiting) {
          waiting.add(Thread.currentThread());
        }
        return apply(queues, "p", id);
      }));
    }
    awaitParked(waiting, 5);
    releaseFirstRound.countDown();

    assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(answer(0));
    for (int i = 1; i <= 5; i++) {
      assertThat(queued.get(i - 1).get(5, TimeUnit.SECONDS)).isEqualTo(answer(i));
    }
    List<List<Integer>> seen = new ArrayList<>(rounds);
    assertThat(seen).hasSize(2);
    assertThat(seen.get(0)).containsExactly(0);
    assertThat(seen.get(1)).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
  }

  @Test
  void aRoundThatFails_failsItsMembers_andTheNextRoundGoesOn() throws Exception {
    RocksCommitQueues queues = new RocksCommitQueues(1, round -> {
      if (rounds.isEmpty()) {
        rounds.add(List.of());
        throw new RocksDBException("disk full");
      }
      answerEach(round);
    });

    assertThatThrownBy(() -> apply(queues, "p", 1))
        .isInstanceOf(RocksDBException.class).hasMessage("disk full");
    assertThat(apply(queues, "p", 2)).isEqualTo(answer(2));
  }

  @Test
  void anApplyTheCommitterForgot_failsInsteadOfWaitingForever() throws Exception {
    RocksCommitQueues queues = new RocksCommitQueues(1, round -> { });

    assertThatThrownBy(() -> apply(queues, "p", 1)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void manyThreads_onFewQueues_eachGetTheirOwnOutcome() throws Exception {
    RocksCommitQueues queues = new RocksCommitQueues(4, this::answerEach);
    int threadCount = 8;
    int perThread = 500;
    List<Future<?>> workers = new ArrayList<>();
    for (int t = 0; t < threadCount; t++) {
      int thread = t;
      workers.add(threads.submit(() -> {
        for (int i = 0; i < perThread; i++) {
          int id = thread * perThread + i;
          assertThat(apply(queues, "p" + thread % 2, id)).isEqualTo(answer(id));
        }
        return null;
      }));
    }
    for (Future<?> worker : workers) {
      worker.get(60, TimeUnit.SECONDS);
    }

    assertThat(rounds.stream().mapToInt(List::size).sum()).isEqualTo(threadCount * perThread);
    assertThat(rounds.stream().flatMap(List::stream).distinct().count())
        .isEqualTo(threadCount * perThread);
  }

  /** An apply of one write whose row key carries {@code id}. */
  private static ApplyResult apply(RocksCommitQueues queues, String partitionKey, int id)
      throws RocksDBException {
    return queues.apply(TABLE, partitionKey,
        List.of(Write.delete(Integer.toString(id), Precondition.NONE)));
  }

  /** Records the round and answers each member with a result naming it. */
  private void answerEach(List<RocksCommitQueues.Apply> round) {
    List<Integer> ids = round.stream()
        .map(apply -> Integer.parseInt(apply.writes.get(0).rowKey())).toList();
    rounds.add(ids);
    for (RocksCommitQueues.Apply apply : round) {
      apply.succeed(answer(Integer.parseInt(apply.writes.get(0).rowKey())));
    }
  }

  private static ApplyResult answer(int id) {
    return new ApplyResult.Rejected(id, TableErrorCode.RESOURCE_NOT_FOUND);
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Waits until {@code count} threads have started and are parked in their queue. */
  private static void awaitParked(List<Thread> waiting, int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (System.nanoTime() < deadline) {
      synchronized (waiting) {
        if (waiting.size() == count
            && waiting.stream().allMatch(t -> t.getState() == Thread.State.WAITING)) {
          return;
        }
      }
      TimeUnit.MILLISECONDS.sleep(5);
    }
    throw new AssertionError("the queued applies never all waited");
  }
}
