package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.intOf;
import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Applies from many threads: atomic read-check-write per partition, and atomic pages. */
public interface ConcurrencyContract extends EngineContext {
  int THREADS = 4;

  @Test
  default void concurrentIncrements_onOnePartition_loseNoUpdate() throws Exception {
    TableInfo table = newTable();
    insert(table, "p", "counter", props("n", 0));
    int perThread = 20;

    runConcurrently(
        thread -> {
          for (int i = 0; i < perThread; i++) {
            increment(table);
          }
        });

    int total = THREADS * perThread;
    assertThat(intOf(read(table, "p", "counter").orElseThrow().properties(), "n")).isEqualTo(total);
    // Each increment also logged its value in the same apply: every value exactly once.
    assertThat(scanAll(table.id(), KeyRange.partition("p"), 1000)).hasSize(total + 1);
  }

  @Test
  default void singleWritesAndBatches_onOnePartition_loseNoUpdate() throws Exception {
    // Engines may let single writes to different rows of a partition overlap; a batch must still
    // see its partition stand still between its checks and its writes.
    TableInfo table = newTable();
    insert(table, "p", "counter", props("n", 0));
    int perThread = 20;

    runConcurrently(
        thread -> {
          for (int i = 0; i < perThread; i++) {
            if (thread % 2 == 0) {
              increment(table);
            } else {
              incrementAlone(table);
              insert(table, "p", "other-" + thread + "-" + i, props("i", i));
            }
          }
        });

    int total = THREADS * perThread;
    assertThat(intOf(read(table, "p", "counter").orElseThrow().properties(), "n")).isEqualTo(total);
    // The counter, a log row per batched increment, an other row per single increment.
    assertThat(scanAll(table.id(), KeyRange.partition("p"), 1000)).hasSize(1 + total);
  }

  @Test
  default void concurrentInserts_ofOneKey_haveExactlyOneWinner() throws Exception {
    TableInfo table = newTable();
    int keys = 30;
    AtomicInteger[] wins = new AtomicInteger[keys];
    for (int k = 0; k < keys; k++) {
      wins[k] = new AtomicInteger();
    }

    runConcurrently(
        thread -> {
          for (int k = 0; k < keys; k++) {
            Write insert = Write.put("r" + k, props("by", thread), Precondition.MUST_NOT_EXIST);
            ApplyResult result = apply(table, "p" + k % 3, insert);
            if (result instanceof ApplyResult.Committed) {
              wins[k].incrementAndGet();
            } else {
              assertThat(result)
                  .isEqualTo(
                      new ApplyResult.Rejected(0, ApplyResult.Rejected.Reason.ENTITY_EXISTS));
            }
          }
        });

    for (int k = 0; k < keys; k++) {
      assertThat(wins[k].get()).as("inserts of r%d that won", k).isEqualTo(1);
    }
  }

  @Test
  default void concurrentApplies_onManyPartitions_allCommitAtDistinctTimes() throws Exception {
    TableInfo table = newTable();
    Set<Instant> commitTimes = ConcurrentHashMap.newKeySet();
    int perThread = 15;

    runConcurrently(
        thread -> {
          for (int i = 0; i < perThread; i++) {
            Write[] writes = {
              Write.put("a", props("i", i), Precondition.NONE),
              Write.put("b", props("i", i), Precondition.NONE)
            };
            commitTimes.add(commit(table, "t" + thread + "-" + i, writes).commitTime());
          }
        });

    assertThat(commitTimes).hasSize(THREADS * perThread);
    assertThat(scanAll(table.id(), KeyRange.ALL, 7)).hasSize(THREADS * perThread * 2);
  }

  @Test
  default void pages_neverShowHalfAnApply() throws Exception {
    TableInfo table = newTable();
    int rows = 10;
    ExecutorService writer = Executors.newSingleThreadExecutor();
    try {
      Future<?> writes = writer.submit(() -> rewriteRepeatedly(table, rows, 40));
      int pagesSeen = 0;
      while (!writes.isDone() || pagesSeen == 0) {
        Page page = store().scan(table.id(), request(KeyRange.partition("p"), 1000));
        assertWholeApply(page.entities(), rows);
        pagesSeen++;
      }
      writes.get(60, TimeUnit.SECONDS);
    } finally {
      writer.shutdownNow();
    }
  }

  private void rewriteRepeatedly(TableInfo table, int rows, int applies) {
    for (int i = 0; i < applies; i++) {
      List<Write> writes = new ArrayList<>();
      for (int r = 0; r < rows; r++) {
        writes.add(
            i % 2 == 0
                ? Write.put("r" + r, props("v", i), Precondition.MUST_NOT_EXIST)
                : Write.delete("r" + r, Precondition.MUST_EXIST));
      }
      assertThat(apply(table, "p", writes.toArray(Write[]::new)))
          .isInstanceOf(ApplyResult.Committed.class);
    }
  }

  private static void assertWholeApply(List<Entity> page, int rows) {
    if (page.isEmpty()) {
      return;
    }
    assertThat(page).hasSize(rows);
    assertThat(page.stream().map(Entity::timestamp).distinct()).hasSize(1);
    assertThat(page.stream().map(e -> e.properties().get("v")).distinct()).hasSize(1);
  }

  /**
   * Increments the counter with an optimistic retry loop, as a client with ETags would, in one
   * apply that also logs the new value.
   */
  private void increment(TableInfo table) {
    incrementWith(
        table,
        (ifUnchanged, next) ->
            new Write[] {
              Write.merge("counter", props("n", next), ifUnchanged),
              Write.put("log" + next, props(), Precondition.MUST_NOT_EXIST)
            });
  }

  /** Increments the counter alone, in a single-entity apply, with the same retry loop. */
  private void incrementAlone(TableInfo table) {
    incrementWith(
        table,
        (ifUnchanged, next) -> new Write[] {Write.merge("counter", props("n", next), ifUnchanged)});
  }

  private void incrementWith(TableInfo table, IncrementWrites writes) {
    while (true) {
      Entity current = read(table, "p", "counter").orElseThrow();
      int next = intOf(current.properties(), "n") + 1;
      ApplyResult result =
          apply(table, "p", writes.of(new Precondition.TimestampEquals(current.timestamp()), next));
      if (result instanceof ApplyResult.Committed) {
        return;
      }
      assertThat(result)
          .isEqualTo(new ApplyResult.Rejected(0, ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS));
    }
  }

  /** The writes of one increment attempt to {@code next}, the counter's merge first. */
  @FunctionalInterface
  interface IncrementWrites {
    Write[] of(Precondition ifUnchanged, int next);
  }

  /** Runs {@code task} on {@link #THREADS} threads released together, and rethrows failures. */
  default void runConcurrently(Worker task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  task.run(thread);
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> future : futures) {
        future.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Work for one of the concurrent threads. */
  @FunctionalInterface
  interface Worker {
    void run(int thread) throws Exception;
  }
}
