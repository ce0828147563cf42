package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.FeedPage;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.RowChange;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The change feed under concurrent writers: a reader following the feed while many applies commit
 * at once on several partitions (on RocksDB, on several commit lanes whose rounds commit in
 * parallel) is given every acknowledged apply exactly once, and each partition's groups in commit
 * order. Broken once: RocksDB's feed reading past its watermark (every written group at once)
 * skipped groups that a slower lane committed behind the reader.
 */
public interface ChangeFeedOrderContract extends ChangeFeedContract {
  int WRITERS = 6;
  int APPLIES_PER_WRITER = 150;
  int PARTITIONS = 5;

  @Test
  default void concurrentWriters_readerSeesEveryApplyOnce_inCommitOrderPerPartition()
      throws Exception {
    assumeFeed();
    TableInfo table = feedTable(HOUR);
    Map<String, Instant> acknowledged = new ConcurrentHashMap<>(); // row key -> commit time
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    List<ChangeGroup> seen = new ArrayList<>();
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        writers.add(pool.submit(() -> write(table, writer, acknowledged)));
      }
      long position = ChangeFeed.OLDEST;
      while (!allDone(writers)) {
        // Reads as often as it can: the more reads fall while other commits are in flight, the
        // likelier a feed that reads past one of them is caught.
        position = follow(table, position, seen);
      }
      for (Future<?> writer : writers) {
        writer.get(60, TimeUnit.SECONDS); // a writer's failure fails the test
      }
      follow(table, position, seen); // what committed after the last read
    } finally {
      pool.shutdownNow();
    }

    Map<String, Instant> delivered = new HashMap<>();
    Map<String, Instant> lastPerPartition = new HashMap<>();
    for (ChangeGroup group : seen) {
      Instant last = lastPerPartition.put(group.partitionKey(), group.time());
      assertThat(last == null || last.isBefore(group.time()))
          .as("commit order in partition %s", group.partitionKey())
          .isTrue();
      for (RowChange row : group.rows()) {
        assertThat(delivered.put(row.rowKey(), group.time())).as("once: %s", row.rowKey()).isNull();
      }
    }
    Set<String> missing = new TreeSet<>(acknowledged.keySet());
    missing.removeAll(delivered.keySet());
    assertThat(missing).as("acknowledged, never delivered").isEmpty();
    assertThat(delivered).isEqualTo(acknowledged);
  }

  /** Reads until the feed has nothing more for now, appending to {@code seen}. */
  private long follow(TableInfo table, long after, List<ChangeGroup> seen) {
    long position = after;
    while (true) {
      FeedPage page = feed().read(table, position, 7, Long.MAX_VALUE);
      assertThat(page.expired()).isFalse();
      if (page.groups().isEmpty()) {
        return position;
      }
      for (ChangeGroup group : page.groups()) {
        assertThat(group.position()).isGreaterThan(position);
        position = group.position();
        seen.add(group);
      }
    }
  }

  /** One writer's applies: single inserts and two-row batches over the shared partitions. */
  private void write(TableInfo table, int writer, Map<String, Instant> acknowledged) {
    List<CompletableFuture<?>> pending = new ArrayList<>();
    for (int i = 0; i < APPLIES_PER_WRITER; i++) {
      String partition = "p" + ((writer + i) % PARTITIONS);
      String row = "w" + writer + "-" + i;
      List<Write> writes =
          i % 3 == 0
              ? List.of(
                  Write.put(row, props("i", i), Precondition.MUST_NOT_EXIST),
                  Write.put(row + "-b", props("i", i), Precondition.MUST_NOT_EXIST))
              : List.of(Write.put(row, props("i", i), Precondition.MUST_NOT_EXIST));
      // A few in flight per writer, so a lane's rounds hold several applies.
      pending.add(
          store()
              .applyAsync(table, partition, writes)
              .thenAccept(
                  result -> {
                    Instant time = ((ApplyResult.Committed) result).commitTime();
                    writes.forEach(write -> acknowledged.put(write.rowKey(), time));
                  }));
      if (pending.size() == 4) {
        pending.forEach(Stages::join);
        pending.clear();
      }
    }
    pending.forEach(Stages::join);
  }

  private static boolean allDone(List<Future<?>> futures) {
    return futures.stream().allMatch(Future::isDone);
  }
}
