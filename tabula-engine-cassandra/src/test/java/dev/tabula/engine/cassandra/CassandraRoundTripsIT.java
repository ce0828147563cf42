package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EntityKey;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How many CQL requests an insert and a point read cost, counted by the driver's request tracker,
 * so that a return to a read before each insert, or a Paxos read, goes red: an insert into a known
 * partition is one conditional statement and nothing else; a point read is one lookup of the table
 * and one plain read. Needs a node (see {@link CassandraTestCluster}).
 *
 * <p>Seen red once: with the SERIAL read before every apply restored, the insert test counted 2
 * requests per insert, one of them at SERIAL.
 */
class CassandraRoundTripsIT {
  private static final String ACCOUNT = "devstoreaccount1";
  private static final int OPERATIONS = 20;
  private static CassandraOptions options;
  private final Queue<Statement<?>> requests = new ConcurrentLinkedQueue<>();
  private CqlSession session;
  private CassandraStorageEngine engine;

  @BeforeAll
  static void requireNode() {
    CassandraTestCluster.assumeNode();
    options = CassandraTestCluster.freshKeyspace();
  }

  @BeforeEach
  void openTrackedEngine() {
    RequestTracker tracker =
        new RequestTracker() {
          @Override
          public void onSuccess(
              Request request,
              long latencyNanos,
              DriverExecutionProfile profile,
              Node node,
              String logPrefix) {
            requests.add((Statement<?>) request);
          }

          @Override
          public void onError(
              Request request,
              Throwable error,
              long latencyNanos,
              DriverExecutionProfile profile,
              Node node,
              String logPrefix) {
            requests.add((Statement<?>) request);
          }

          @Override
          public void close() {}
        };
    session =
        CqlSession.builder()
            .withConfigLoader(
                DriverConfigLoader.programmaticBuilder()
                    .withString(
                        DefaultDriverOption.PROTOCOL_VERSION, CassandraSessions.PROTOCOL_VERSION)
                    .build())
            .withLocalDatacenter(CassandraTestCluster.DATACENTER)
            .addContactPoints(options.contactPoints())
            .addRequestTracker(tracker)
            .build();
    engine = CassandraStorageEngine.attach(session, options, Clock.systemUTC());
  }

  @AfterEach
  void close() {
    engine.close();
    session.close();
  }

  @Test
  void anInsertIntoAKnownPartition_isOneConditionalStatement_withNoRead() {
    TableInfo table =
        engine.catalog().createTable(ACCOUNT, "Trips" + System.nanoTime()).orElseThrow();
    insert(table, "first"); // records the partition in the directory
    forgetTrackedSoFar();

    for (int i = 0; i < OPERATIONS; i++) {
      insert(table, "r" + i);
    }

    awaitTracked(() -> queriesOn(".entities").size() >= OPERATIONS);
    List<String> entityRequests = queriesOn(".entities");
    assertThat(entityRequests).hasSize(OPERATIONS).allMatch(q -> q.contains("IF NOT EXISTS"));
    assertThat(queriesOn(".partitions")).isEmpty();
    assertThat(requests)
        .noneMatch(s -> s.getConsistencyLevel() != null && s.getConsistencyLevel().isSerial());
  }

  @Test
  void aPointRead_isOneLookupAndOneRead_throughTheAsyncApi() {
    TableInfo table =
        engine.catalog().createTable(ACCOUNT, "Trips" + System.nanoTime()).orElseThrow();
    insert(table, "r");
    forgetTrackedSoFar();

    for (int i = 0; i < OPERATIONS; i++) {
      TableInfo found =
          Stages.join(engine.catalog().findTableAsync(ACCOUNT, table.name())).orElseThrow();
      assertThat(Stages.join(engine.entities().readAsync(found.id(), new EntityKey("p", "r"))))
          .isPresent();
    }

    awaitTracked(
        () ->
            queriesOn(".tables").size() >= OPERATIONS
                && queriesOn(".entities").size() >= OPERATIONS);
    assertThat(queriesOn(".tables")).hasSize(OPERATIONS);
    assertThat(queriesOn(".entities")).hasSize(OPERATIONS);
  }

  /**
   * Clears the requests tracked so far, once the setup's insert is among them: the driver may call
   * the tracker just after it completed the request's stage.
   */
  private void forgetTrackedSoFar() {
    awaitTracked(() -> queriesOn(".entities").stream().anyMatch(q -> q.contains("IF NOT EXISTS")));
    requests.clear();
  }

  /** Polls (10 s at most) until {@code tracked} holds of the requests the tracker was told of. */
  private static void awaitTracked(BooleanSupplier tracked) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!tracked.getAsBoolean()) {
      assertThat(System.nanoTime()).as("requests tracked in time").isLessThan(deadline);
      LockSupport.parkNanos(1_000_000L);
    }
  }

  private void insert(TableInfo table, String rowKey) {
    ApplyResult result =
        Stages.join(
            engine
                .entities()
                .applyAsync(
                    table.id(),
                    "p",
                    List.of(
                        Write.put(
                            rowKey,
                            Map.of("v", new EdmValue.EdmInt32(1)),
                            Precondition.MUST_NOT_EXIST))));
    assertThat(result).isInstanceOf(ApplyResult.Committed.class);
  }

  /** The CQL of the requests (each statement of a batch) on a table named {@code suffix}. */
  private List<String> queriesOn(String suffix) {
    return requests.stream()
        .flatMap(
            s ->
                s instanceof BatchStatement batch
                    ? java.util.stream.StreamSupport.stream(batch.spliterator(), false)
                    : java.util.stream.Stream.of((BatchableStatement<?>) s))
        .map(CassandraRoundTripsIT::query)
        .filter(q -> q.contains(suffix + " ") || q.contains(suffix + "("))
        .toList();
  }

  private static String query(Statement<?> statement) {
    if (statement instanceof BoundStatement bound) {
      return bound.getPreparedStatement().getQuery();
    }
    return statement instanceof SimpleStatement simple ? simple.getQuery() : statement.toString();
  }
}
