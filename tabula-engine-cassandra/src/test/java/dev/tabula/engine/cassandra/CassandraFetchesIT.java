package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Stages;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 18: a page's fetches from a real node are bounded in bytes, not only in rows, and paging
 * with fetches of varying size (continued by the driver's paging state) still gives every entity
 * once, in order. Each response's size is what the driver reports for it ({@code
 * ExecutionInfo.getResponseSizeInBytes}). Skipped without a node ({@link CassandraTestCluster}).
 */
class CassandraFetchesIT {
  private static final long PAGE_BYTES = 2L * 1024 * 1024;

  /** 300,000 ASCII characters: 300 KB stored, 600 KB by the service's accounting. */
  private static final int BIG_CHARS = 300_000;

  private static final int BIG_ENTITIES = 24;
  private static final int SMALL_ENTITIES = 1500;

  private static CassandraOptions options;
  private static CassandraStorageEngine engine;
  private static final List<Long> RESPONSES = new CopyOnWriteArrayList<>();
  private static CassandraScan scan;

  @BeforeAll
  static void openEngine() {
    CassandraTestCluster.assumeNode();
    options = CassandraTestCluster.freshKeyspace();
    engine =
        CassandraStorageEngine.attach(CassandraTestCluster.session(), options, Clock.systemUTC());
    scan =
        new CassandraScan(
            CassandraTestCluster.session(),
            options.keyspace(),
            new CassandraPartitionDirectory(CassandraTestCluster.session(), options.keyspace()),
            RESPONSES::add);
  }

  @AfterAll
  static void close() {
    if (engine != null) {
      engine.close();
    }
    CassandraTestCluster.closeSession();
  }

  @Test
  void largeEntities_comeInFetchesOfAboutTheRemainingPageBudget() {
    long table = table("Big");
    String text = "x".repeat(BIG_CHARS);
    for (int i = 0; i < BIG_ENTITIES; i++) {
      put(table, "big", key(i), Map.of("s", new EdmValue.EdmString(text)));
    }
    RESPONSES.clear();
    List<List<String>> pages = pageThrough(table, e -> true);

    assertThat(pages.stream().flatMap(List::stream).toList())
        .as("every entity once, in order")
        .isEqualTo(keys(BIG_ENTITIES));
    assertThat(pages).allSatisfy(page -> assertThat(page).hasSizeLessThanOrEqualTo(4));
    // Before byte-sized fetches: one response of all 24 entities, 7.2 MB.
    assertThat(RESPONSES.stream().mapToLong(Long::longValue).max().orElseThrow())
        .as("largest response, bytes")
        .isLessThan(PAGE_BYTES);

    RESPONSES.clear();
    List<List<String>> none = pageThrough(table, e -> false);
    assertThat(none.stream().flatMap(List::stream)).as("a filter rejecting every row").isEmpty();
    assertThat(RESPONSES.stream().mapToLong(Long::longValue).max().orElseThrow())
        .as("largest response when nothing is kept, bytes")
        .isLessThan(PAGE_BYTES);
  }

  @Test
  void smallEntities_fillAThousandEntityPage_inTwoRoundTrips() {
    long table = table("Small");
    for (int first = 0; first < SMALL_ENTITIES; first += 100) {
      List<Write> batch = new ArrayList<>();
      for (int i = first; i < first + 100; i++) {
        batch.add(Write.put(key(i), Map.of("n", new EdmValue.EdmInt32(i)), Precondition.NONE));
      }
      Stages.join(engine.entities().applyAsync(table, "small", batch));
    }
    RESPONSES.clear();
    Page first = scan.page(table, request(KeyRange.ALL, e -> true));
    assertThat(first.entities()).hasSize(1000);
    assertThat(first.resumeKey()).isEqualTo(new EntityKey("small", key(1000)));
    assertThat(RESPONSES).as("round trips for the first page").hasSize(2);

    List<List<String>> pages = pageThrough(table, e -> true);
    assertThat(pages.stream().flatMap(List::stream).toList()).isEqualTo(keys(SMALL_ENTITIES));
  }

  private List<List<String>> pageThrough(long table, Predicate<Entity> filter) {
    List<List<String>> pages = new ArrayList<>();
    KeyRange range = KeyRange.ALL;
    while (true) {
      Page page = scan.page(table, request(range, filter));
      pages.add(page.entities().stream().map(e -> e.key().rowKey()).toList());
      if (page.resumeKey() == null) {
        return pages;
      }
      range = range.resumeAt(page.resumeKey());
    }
  }

  private static ScanRequest request(KeyRange range, Predicate<Entity> filter) {
    return new ScanRequest(
        range,
        1000,
        System.nanoTime() + TimeUnit.SECONDS.toNanos(60),
        RowFilter.ofEntities(filter),
        PAGE_BYTES);
  }

  private static long table(String name) {
    return engine
        .catalog()
        .createTable("devstoreaccount1", name + System.nanoTime())
        .orElseThrow()
        .id();
  }

  private static void put(
      long table, String partition, String rowKey, Map<String, EdmValue> properties) {
    Stages.join(
        engine
            .entities()
            .applyAsync(
                table, partition, List.of(Write.put(rowKey, properties, Precondition.NONE))));
  }

  private static String key(int i) {
    return String.format("r%05d", i);
  }

  private static List<String> keys(int count) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      keys.add(key(i));
    }
    return keys;
  }
}
