package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Rounds of a commit lane: applies that queue while a round commits go together in the next, every
 * apply gets its own outcome, submitting never waits, and nobody is left waiting.
 */
class RocksCommitLanesTest {
  private static final long TABLE = 3;

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final ConcurrentLinkedQueue<List<Integer>> rounds = new ConcurrentLinkedQueue<>();
  private final List<RocksCommitLanes> opened = new ArrayList<>();
  private final CountDownLatch firstRoundStarted = new CountDownLatch(1);
  private final CountDownLatch releaseFirstRound = new CountDownLatch(1);

  @AfterEach
  void stop() {
    opened.forEach(RocksCommitLanes::close);
    threads.shutdownNow();
  }

  @Test
  void appliesQueuedDuringARound_commitTogether_inTheNext() throws Exception {
    RocksCommitLanes lanes = oneLaneHoldingItsFirstRound();
    CompletableFuture<ApplyResult> first = submitTheHeldFirst(lanes);

    List<CompletableFuture<ApplyResult>> queued = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      queued.add(submit(lanes, "p", i)); // returns while the lane is busy: nothing waits
    }
    assertThat(queued).noneMatch(CompletableFuture::isDone);
    releaseFirstRound.countDown();

    assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(answer(0));
    for (int i = 1; i <= 5; i++) {
      assertThat(queued.get(i - 1).get(5, TimeUnit.SECONDS)).isEqualTo(answer(i));
    }
    List<List<Integer>> seen = new ArrayList<>(rounds);
    assertThat(seen).containsExactly(List.of(0), List.of(1, 2, 3, 4, 5));
  }

  @Test
  void aRoundThatFails_failsItsMembers_andTheNextRoundGoesOn() throws Exception {
    RocksCommitLanes lanes =
        lanes(
            1,
            round -> {
              if (rounds.isEmpty()) {
                rounds.add(List.of());
                throw new RocksStorageException("disk full", null);
              }
              answerEach(round);
            });

    assertThatThrownBy(() -> submit(lanes, "p", 1).get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(RocksStorageException.class)
        .hasMessage("disk full");
    assertThat(submit(lanes, "p", 2).get(5, TimeUnit.SECONDS)).isEqualTo(answer(2));
  }

  @Test
  void anApplyTheCommitterForgot_failsInsteadOfWaitingForever() {
    RocksCommitLanes lanes = lanes(1, round -> {});

    assertThatThrownBy(() -> submit(lanes, "p", 1).get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void closing_commitsWhatIsQueued_andRefusesWhatComesAfter() throws Exception {
    RocksCommitLanes lanes = oneLaneHoldingItsFirstRound();
    CompletableFuture<ApplyResult> first = submitTheHeldFirst(lanes);
    CompletableFuture<ApplyResult> queued = submit(lanes, "p", 1);

    Future<?> closing = threads.submit(lanes::close);
    TimeUnit.MILLISECONDS.sleep(50);
    assertThat(closing).as("close waits for the lane").isNotDone();
    releaseFirstRound.countDown();
    closing.get(5, TimeUnit.SECONDS);

    assertThat(first).isCompletedWithValue(answer(0));
    assertThat(queued).isCompletedWithValue(answer(1));
    assertThatThrownBy(() -> submit(lanes, "p", 2).getNow(null))
        .cause()
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void manyThreads_onFewLanes_eachGetTheirOwnOutcome() throws Exception {
    RocksCommitLanes lanes = lanes(4, this::answerEach);
    int threadCount = 8;
    int perThread = 500;
    List<Future<?>> workers = new ArrayList<>();
    for (int t = 0; t < threadCount; t++) {
      int thread = t;
      workers.add(
          threads.submit(
              () -> {
                List<CompletableFuture<ApplyResult>> mine = new ArrayList<>();
                for (int i = 0; i < perThread; i++) {
                  int id = thread * perThread + i;
                  mine.add(submit(lanes, "p" + thread % 3, id));
                  if (i % 7 == 0) {
                    assertThat(mine.get(i).get(5, TimeUnit.SECONDS))
                        .isEqualTo(answer(id)); // some wait
                  }
                }
                for (int i = 0; i < perThread; i++) {
                  assertThat(mine.get(i).get(5, TimeUnit.SECONDS))
                      .isEqualTo(answer(thread * perThread + i));
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

  @Test
  void lanes_areAPowerOfTwo() {
    assertThatThrownBy(() -> new RocksCommitLanes(3, "t", round -> {}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private RocksCommitLanes lanes(int count, RocksCommitLanes.RoundCommitter committer) {
    RocksCommitLanes lanes = new RocksCommitLanes(count, "test-commit-", committer);
    opened.add(lanes);
    return lanes;
  }

  /** One lane whose first round starts, then waits for {@link #releaseFirstRound}. */
  private RocksCommitLanes oneLaneHoldingItsFirstRound() {
    return lanes(
        1,
        round -> {
          if (rounds.isEmpty()) {
            firstRoundStarted.countDown();
            await(releaseFirstRound);
          }
          answerEach(round);
        });
  }

  /** Submits apply 0 and returns once its round has started, and is held. */
  private CompletableFuture<ApplyResult> submitTheHeldFirst(RocksCommitLanes lanes)
      throws InterruptedException {
    CompletableFuture<ApplyResult> first = submit(lanes, "p", 0);
    assertThat(firstRoundStarted.await(5, TimeUnit.SECONDS)).isTrue();
    return first;
  }

  /** An apply of one write whose row key carries {@code id}. */
  private static CompletableFuture<ApplyResult> submit(
      RocksCommitLanes lanes, String partitionKey, int id) {
    return lanes.submit(
        TABLE, null, partitionKey, List.of(Write.delete(Integer.toString(id), Precondition.NONE)));
  }

  /** Records the round and answers each member with a result naming it. */
  private void answerEach(List<RocksCommitLanes.Apply> round) {
    List<Integer> ids =
        round.stream().map(apply -> Integer.parseInt(apply.writes.get(0).rowKey())).toList();
    rounds.add(ids);
    for (RocksCommitLanes.Apply apply : round) {
      apply.succeed(answer(Integer.parseInt(apply.writes.get(0).rowKey())));
    }
  }

  private static ApplyResult answer(int id) {
    return new ApplyResult.Rejected(id, ApplyResult.Rejected.Reason.ENTITY_MISSING);
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
