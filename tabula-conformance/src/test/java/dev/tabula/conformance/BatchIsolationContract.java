package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Readers never see half a transaction. Writers move amounts between the entities of one partition
 * with transactions that rewrite every entity, each guarded by the ETags they read, so the sum of
 * {@code v} stays constant and every entity carries the same generation {@code gen}; readers query
 * the partition and point-read entities all the while, through the SDK, for a few seconds.
 */
@OnEveryEngine
class BatchIsolationContract extends ConformanceBase {
  private static final int ENTITIES = 10;
  private static final int TOTAL = ENTITIES * 100;
  private static final Duration RUN_FOR = Duration.ofSeconds(3);

  @Test
  void concurrentReaders_neverSeeAHalfAppliedTransaction() throws Exception {
    TableClient table = newTable();
    List<TableTransactionAction> initial = new ArrayList<>();
    for (int i = 0; i < ENTITIES; i++) {
      initial.add(
          new TableTransactionAction(TableTransactionActionType.CREATE, entity(i, 100, 0L)));
    }
    table.submitTransaction(initial);
    Queue<String> violations = new ConcurrentLinkedQueue<>();
    AtomicInteger commits = new AtomicInteger();
    AtomicInteger reads = new AtomicInteger();
    long deadline = System.nanoTime() + RUN_FOR.toNanos();

    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> tasks = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        tasks.add(pool.submit(() -> write(table, deadline, commits, violations)));
      }
      tasks.add(pool.submit(() -> query(table, deadline, reads, violations)));
      tasks.add(pool.submit(() -> pointRead(table, deadline, reads, violations)));
      for (Future<?> task : tasks) {
        task.get(RUN_FOR.toSeconds() + 60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(violations).isEmpty();
    assertThat(commits.get()).as("transactions committed").isPositive();
    assertThat(reads.get()).as("reads made").isPositive();
    assertConsistent(snapshot(table), violations);
    assertThat(violations).isEmpty();
  }

  private static TableEntity entity(int i, int v, long gen) {
    return new TableEntity("p", "e" + i).addProperty("v", v).addProperty("gen", gen);
  }

  private static void write(
      TableClient table, long deadline, AtomicInteger commits, Queue<String> violations) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (System.nanoTime() < deadline) {
      List<TableEntity> read = snapshot(table);
      long gen = (Long) read.get(0).getProperty("gen") + 1;
      int from = random.nextInt(ENTITIES);
      int to = random.nextInt(ENTITIES);
      int amount = random.nextInt(10);
      List<TableTransactionAction> actions = new ArrayList<>();
      for (TableEntity e : read) {
        int i = Integer.parseInt(e.getRowKey().substring(1));
        int v = (Integer) e.getProperty("v") - (i == from ? amount : 0) + (i == to ? amount : 0);
        // The read entity keeps its ETag, so the update only applies if nobody wrote in between.
        e.addProperty("v", v).addProperty("gen", gen);
        actions.add(new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, e, true));
      }
      try {
        table.submitTransaction(actions);
        commits.incrementAndGet();
      } catch (TableTransactionFailedException lostTheRace) {
        if (!"UpdateConditionNotSatisfied"
            .equals(lostTheRace.getValue().getErrorCode().toString())) {
          violations.add("unexpected failure: " + lostTheRace.getMessage());
        }
      }
    }
  }

  private static void query(
      TableClient table, long deadline, AtomicInteger reads, Queue<String> violations) {
    while (System.nanoTime() < deadline) {
      assertConsistent(snapshot(table), violations);
      reads.incrementAndGet();
    }
  }

  /** A point read never goes back to an older generation than the last one this reader saw. */
  private static void pointRead(
      TableClient table, long deadline, AtomicInteger reads, Queue<String> violations) {
    long seen = 0;
    while (System.nanoTime() < deadline) {
      int i = ThreadLocalRandom.current().nextInt(ENTITIES);
      long gen = (Long) table.getEntity("p", "e" + i).getProperty("gen");
      if (gen < seen) {
        violations.add("point read went back from generation " + seen + " to " + gen);
      }
      seen = Math.max(seen, gen);
      reads.incrementAndGet();
    }
  }

  private static List<TableEntity> snapshot(TableClient table) {
    List<TableEntity> all = new ArrayList<>();
    table.listEntities().forEach(all::add);
    return all;
  }

  private static void assertConsistent(List<TableEntity> page, Queue<String> violations) {
    int sum = page.stream().mapToInt(e -> (Integer) e.getProperty("v")).sum();
    long generations = page.stream().map(e -> e.getProperty("gen")).distinct().count();
    long etags = page.stream().map(TableEntity::getETag).distinct().count();
    if (page.size() != ENTITIES || sum != TOTAL || generations != 1 || etags != 1) {
      violations.add(
          "torn read: "
              + page.size()
              + " entities, sum "
              + sum
              + ", "
              + generations
              + " generations, "
              + etags
              + " ETags");
    }
  }
}
