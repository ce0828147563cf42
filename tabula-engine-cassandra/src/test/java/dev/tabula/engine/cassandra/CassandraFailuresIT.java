package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Stages;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Failures of a real node become the service's errors, and a lightweight transaction whose outcome
 * a timeout left unknown is never reported wrongly. Runs against the lane's node with 10 ms
 * timeouts ({@link CassandraTinyTimeoutNode}), which makes contended lightweight transactions time
 * out for real; the last test kills that node.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraFailuresIT {
  private static final String ACCOUNT = "devstoreaccount1";
  private static final String PARTITION = "p";
  private static final String COUNTER = "counter";
  private static final int WRITERS = 8;
  private static final Duration MIN_RUN = Duration.ofSeconds(6);
  private static final Duration MAX_RUN = Duration.ofSeconds(30);
  private static final Duration CATALOG_RUN = Duration.ofSeconds(5);

  private static CassandraTinyTimeoutNode node;
  private static CassandraStorageEngine engine;

  @BeforeAll
  static void openEngine() {
    node = CassandraTinyTimeoutNode.fromSystemProperties();
    engine = node.openEngine();
  }

  @AfterAll
  static void closeEngine() {
    if (engine != null) {
      engine.close();
    }
  }

  /**
   * Each apply adds one to a counter row (If-Match on its ETag) and inserts a log row holding the
   * new count, in one batch, from 8 writers at once on one partition: Paxos contention and 10 ms
   * timeouts make some fail. Every write must succeed, be rejected by its precondition, or fail
   * with OperationTimedOut or ServerBusy; whatever succeeded must be stored; ServerBusy and
   * rejections must have written nothing; an OperationTimedOut may have applied or not; and the
   * applied batches must be whole and linear (the log holds exactly the counts 1..counter).
   */
  @Test
  @Order(1)
  void contendedWrites_succeedOrTimeOut_andEverySuccessIsStored() throws Exception {
    long table = createTable("Contended").id();
    Map<String, Outcome> outcomes = new ConcurrentHashMap<>();
    runWriters(table, outcomes);

    Map<String, Long> stored = storedCounts(table);
    long counter = stored.getOrDefault(COUNTER, 0L);
    Map<String, Long> log = new HashMap<>(stored);
    log.remove(COUNTER);
    assertThat(new TreeSet<>(log.values()))
        .as("counts in the log")
        .hasSize(log.size())
        .containsExactlyElementsOf(range(1, counter));
    outcomes.forEach(
        (key, outcome) -> {
          switch (outcome.kind) {
            case SUCCEEDED ->
                assertThat(log.get(key)).as("stored count of " + key).isEqualTo(outcome.count);
            case REJECTED, BUSY ->
                assertThat(log).as(key + ", " + outcome.kind).doesNotContainKey(key);
            case TIMED_OUT -> {} // either way
            default -> throw new AssertionError(outcome.kind);
          }
        });
    for (String key : log.keySet()) {
      assertThat(outcomes).as("stored log rows were attempted").containsKey(key);
      assertThat(outcomes.get(key).kind).as(key).isIn(Kind.SUCCEEDED, Kind.TIMED_OUT);
    }
    Map<Kind, Long> tally = tally(outcomes);
    System.out.println(
        "CassandraFailuresIT: "
            + tally
            + ", counter "
            + counter
            + ", of the "
            + tally.getOrDefault(Kind.TIMED_OUT, 0L)
            + " timed out "
            + outcomes.values().stream()
                .filter(o -> o.kind == Kind.TIMED_OUT && log.containsKey(o.key))
                .count()
            + " applied");
    assertThat(tally.getOrDefault(Kind.SUCCEEDED, 0L)).as("successes").isPositive();
    assertThat(tally.getOrDefault(Kind.TIMED_OUT, 0L)).as("timeouts provoked").isPositive();
  }

  /**
   * Tables created and deleted from 8 threads in one account, one Cassandra partition: the catalog
   * row, the table-id counter and the Paxos rounds on them contend, and some calls time out. A
   * create or delete that answered must be what the catalog holds; one that timed out may have
   * applied or not.
   */
  @Test
  @Order(2)
  void contendedCatalogChanges_answeredOnesAreWhatTheCatalogHolds() throws Exception {
    String account = "catalograce";
    Map<String, Outcome> created = new ConcurrentHashMap<>();
    Map<String, Outcome> deleted = new ConcurrentHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    try {
      List<Future<Void>> racers = new ArrayList<>();
      long deadline = System.nanoTime() + CATALOG_RUN.toNanos();
      for (int w = 0; w < WRITERS; w++) {
        String prefix = "T" + w + "x";
        racers.add(
            pool.submit(
                () -> {
                  createAndDelete(account, prefix, deadline, created, deleted);
                  return null;
                }));
      }
      for (Future<Void> racer : racers) {
        racer.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    Map<String, Long> listed = new HashMap<>();
    CassandraTinyTimeoutNode.patiently(
            () -> engine.catalog().listTables(account, null, 100_000), IllegalStateException.class)
        .forEach(t -> listed.put(t.name(), t.id()));
    created.forEach(
        (name, create) -> {
          Outcome delete = deleted.get(name);
          if (delete != null && delete.kind == Kind.SUCCEEDED) {
            assertThat(delete.count).as("deleteTable(" + name + ") found it").isEqualTo(1L);
            assertThat(listed).as("deleted " + name).doesNotContainKey(name);
          } else if (create.kind == Kind.SUCCEEDED
              && (delete == null || delete.kind == Kind.BUSY)) {
            assertThat(listed.get(name)).as("created " + name).isEqualTo(create.count);
          } else if (create.kind == Kind.BUSY) {
            assertThat(listed).as("refused " + name).doesNotContainKey(name);
          } // a timed-out create or delete: either way
        });
    listed
        .keySet()
        .forEach(
            name -> assertThat(created).as("listed tables were created here").containsKey(name));
    System.out.println(
        "CassandraFailuresIT catalog: creates " + tally(created) + ", deletes " + tally(deleted));
    assertThat(tally(created).getOrDefault(Kind.SUCCEEDED, 0L)).as("created").isPositive();
  }

  /** Creates tables until the deadline, deleting every other one that was created. */
  private void createAndDelete(
      String account,
      String prefix,
      long deadline,
      Map<String, Outcome> created,
      Map<String, Outcome> deleted) {
    for (int i = 0; System.nanoTime() - deadline < 0; i++) {
      String name = prefix + i;
      Outcome create =
          catalogCall(name, () -> engine.catalog().createTable(account, name).orElseThrow().id());
      created.put(name, create);
      if (create.kind == Kind.SUCCEEDED && i % 2 == 0) {
        deleted.put(
            name, catalogCall(name, () -> engine.catalog().deleteTable(account, name) ? 1L : 0L));
      }
    }
  }

  /** The outcome of a catalog call; {@code count} carries its result (a table id, 1 for true). */
  private static Outcome catalogCall(String name, java.util.function.Supplier<Long> call) {
    try {
      return new Outcome(name, Kind.SUCCEEDED, call.get());
    } catch (StorageException e) {
      if (e.kind() == StorageException.Kind.OUTCOME_UNKNOWN) {
        return new Outcome(name, Kind.TIMED_OUT, 0);
      }
      assertThat(e.kind()).as("failure for " + name).isEqualTo(StorageException.Kind.UNAVAILABLE);
      return new Outcome(name, Kind.BUSY, 0);
    }
  }

  /** A dead node is answered at once with 503 ServerBusy, which the SDKs retry, not a 500. */
  @Test
  @Order(3)
  void stoppedNode_answersServerBusy_quickly() {
    TableInfo table = createTable("Stopped");
    node.kill();
    long started = System.nanoTime();

    assertServerBusy(() -> engine.entities().read(table.id(), new EntityKey(PARTITION, "r")));
    assertServerBusy(
        () ->
            Stages.join(
                engine
                    .entities()
                    .applyAsync(
                        table.id(),
                        PARTITION,
                        List.of(Write.put("r", Map.of(), Precondition.MUST_NOT_EXIST)))));
    assertServerBusy(
        () ->
            engine
                .entities()
                .scan(table.id(), ScanRequest.of(KeyRange.ALL, 10, TimeUnit.SECONDS.toNanos(5))));
    assertServerBusy(() -> engine.catalog().createTable(ACCOUNT, "Another"));
    assertServerBusy(() -> engine.catalog().deleteTable(ACCOUNT, table.name()));
    assertServerBusy(() -> engine.catalog().listTables(ACCOUNT, null, 10));
    assertServerBusy(
        () -> {
          engine.accountSettings().write(ACCOUNT, "cors", new byte[] {1});
          return null;
        });

    // The driver's request timeout is 10 s: every answer above came without waiting for it.
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
  }

  private static void assertServerBusy(java.util.function.Supplier<?> call) {
    assertThatThrownBy(call::get)
        .isInstanceOfSatisfying(
            StorageException.class,
            e -> assertThat(e.kind()).isEqualTo(StorageException.Kind.UNAVAILABLE));
  }

  private void runWriters(long table, Map<String, Outcome> outcomes) throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        writers.add(pool.submit(() -> write(table, writer, stop, outcomes)));
      }
      long started = System.nanoTime();
      while (System.nanoTime() - started < MAX_RUN.toNanos()
          && (System.nanoTime() - started < MIN_RUN.toNanos() || !enough(outcomes))
          && writers.stream().noneMatch(Future::isDone)) { // a writer ends only by failing
        Thread.sleep(100); // a time-boxed run, polled: nothing to synchronise with
      }
      stop.set(true);
      for (Future<?> writer : writers) {
        writer.get(60, TimeUnit.SECONDS); // rethrows what a writer did not expect
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static boolean enough(Map<String, Outcome> outcomes) {
    Map<Kind, Long> tally = tally(outcomes);
    return tally.getOrDefault(Kind.SUCCEEDED, 0L) > 0 && tally.getOrDefault(Kind.TIMED_OUT, 0L) > 0;
  }

  private Void write(long table, int writer, AtomicBoolean stop, Map<String, Outcome> outcomes) {
    for (int attempt = 0; !stop.get(); attempt++) {
      Optional<Entity> current;
      try {
        current = engine.entities().read(table, new EntityKey(PARTITION, COUNTER));
      } catch (StorageException e) {
        assertThat(e.kind())
            .isIn(StorageException.Kind.OUTCOME_UNKNOWN, StorageException.Kind.UNAVAILABLE);
        continue;
      }
      long count = current.map(e -> count(e)).orElse(0L) + 1;
      Precondition ifUnchanged =
          current
              .<Precondition>map(e -> new Precondition.TimestampEquals(e.timestamp()))
              .orElse(Precondition.MUST_NOT_EXIST);
      String key = "log-" + writer + "-" + attempt;
      Map<String, EdmValue> value = Map.of("n", new EdmValue.EdmInt64(count));
      outcomes.put(
          key,
          attempt(
              table,
              key,
              count,
              List.of(
                  Write.put(COUNTER, value, ifUnchanged),
                  Write.put(key, value, Precondition.MUST_NOT_EXIST))));
    }
    return null;
  }

  private Outcome attempt(long table, String key, long count, List<Write> batch) {
    try {
      ApplyResult result = Stages.join(engine.entities().applyAsync(table, PARTITION, batch));
      if (result instanceof ApplyResult.Rejected rejected) {
        // Another writer moved the counter first (or created it): a lost race, nothing written.
        assertThat(rejected.index()).as("rejected write of " + key).isZero();
        assertThat(rejected.reason())
            .isIn(
                ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS,
                ApplyResult.Rejected.Reason.ENTITY_EXISTS);
        return new Outcome(key, Kind.REJECTED, count);
      }
      return new Outcome(key, Kind.SUCCEEDED, count);
    } catch (StorageException e) {
      if (e.kind() == StorageException.Kind.OUTCOME_UNKNOWN) {
        return new Outcome(key, Kind.TIMED_OUT, count);
      }
      assertThat(e.kind()).as("failure of " + key).isEqualTo(StorageException.Kind.UNAVAILABLE);
      return new Outcome(key, Kind.BUSY, count);
    }
  }

  /** Every row of the partition and its count, read through the node's timeouts. */
  private Map<String, Long> storedCounts(long table) {
    Map<String, Long> counts = new HashMap<>();
    Page page =
        CassandraTinyTimeoutNode.patiently(
            () ->
                engine
                    .entities()
                    .scan(
                        table,
                        ScanRequest.of(
                            KeyRange.partition(PARTITION), 100_000, TimeUnit.SECONDS.toNanos(30))),
            IllegalStateException.class);
    assertThat(page.resumeKey()).as("one page holds the partition").isNull();
    for (Entity entity : page.entities()) {
      counts.put(entity.key().rowKey(), count(entity));
    }
    return counts;
  }

  private static TableInfo createTable(String prefix) {
    String name = prefix + System.nanoTime();
    // A create that timed out may have applied: then the table is found.
    return CassandraTinyTimeoutNode.patiently(
        () ->
            engine
                .catalog()
                .createTable(ACCOUNT, name)
                .or(() -> engine.catalog().findTable(ACCOUNT, name))
                .orElseThrow(),
        IllegalStateException.class);
  }

  private static long count(Entity entity) {
    return ((EdmValue.EdmInt64) entity.properties().get("n")).value();
  }

  private static List<Long> range(long from, long to) {
    List<Long> values = new ArrayList<>();
    for (long v = from; v <= to; v++) {
      values.add(v);
    }
    return values;
  }

  private static Map<Kind, Long> tally(Map<String, Outcome> outcomes) {
    Map<Kind, Long> tally = new java.util.EnumMap<>(Kind.class);
    outcomes.values().forEach(o -> tally.merge(o.kind, 1L, Long::sum));
    return tally;
  }

  private enum Kind {
    SUCCEEDED,
    REJECTED,
    TIMED_OUT,
    BUSY
  }

  private record Outcome(String key, Kind kind, long count) {}
}
