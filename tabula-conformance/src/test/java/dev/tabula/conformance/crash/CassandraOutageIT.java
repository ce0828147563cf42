package dev.tabula.conformance.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.engine.cassandra.CassandraOptions;
import dev.tabula.engine.cassandra.CassandraStorageEngine;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 18, item 6: a Cassandra node that stops answering never makes Tabula hang. Against the
 * fault lane's {@link OutageNode} (one node, replication factor 1, so its outage is the store's),
 * through a real Tabula server over HTTP:
 *
 * <ol>
 *   <li>Frozen (SIGSTOP, so its sockets stay open and nothing is answered): each request ends
 *       within the driver's request timeout (10 s) plus a little, a read with 503 ServerBusy and a
 *       write with 503 or, when it may have been applied, 500 OperationTimedOut; within seconds the
 *       driver gives the node up and every request is answered 503 at once. Thawed, the server
 *       serves again by itself, with everything acknowledged before.
 *   <li>Killed: requests are answered 503 at once; started again, the server serves again by
 *       itself, with everything acknowledged, including an entity acknowledged a moment before the
 *       kill. That one holds only if the node syncs its commit log before it acknowledges: the lane
 *       runs it with {@code commitlog_sync: batch}. With Cassandra's default (periodic, every 10 s)
 *       this test went red (CI, 2026-12-02: an entity acknowledged seconds before the kill answered
 *       404 after the restart), which is how a node with one replica loses acknowledged writes.
 *   <li>Out of disk: see {@link CassandraDiskFullIT}.
 * </ol>
 *
 * <p>Skipped unless the fault lane started the node.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraOutageIT {
  static final String TABLE = "outage";

  /** The driver's request timeout (CassandraOptions' default) and a margin for a busy machine. */
  static final Duration ONE_REQUEST = Duration.ofSeconds(10 + 5);

  /** A write may wait twice: its batch, then the read that tries to learn its outcome. */
  static final Duration ONE_WRITE = Duration.ofSeconds(2 * 10 + 5);

  static final Duration AT_ONCE = Duration.ofSeconds(1);
  static final Duration GIVEN_UP_WITHIN = Duration.ofSeconds(30);
  static final Duration RECOVERED_WITHIN = Duration.ofSeconds(30);

  private static OutageNode node;
  private static CassandraStorageEngine engine;
  private static TabulaServer server;
  private static RawClient client;
  private static int acknowledged;

  @BeforeAll
  static void startServer() {
    node = OutageNode.fromSystemProperties();
    engine =
        CassandraStorageEngine.open(
            CassandraOptions.of(
                    CassandraOptions.parseContactPoints(node.contactPoint()), "datacenter1")
                .withKeyspace("tabula_outage_" + ProcessHandle.current().pid()));
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withAccounts(TestAccounts.ALL), engine);
    client = new RawClient(server, TestAccounts.DEVELOPMENT);
    assertThat(client.post("Tables").json("{\"TableName\":\"" + TABLE + "\"}").send().status())
        .isEqualTo(201);
    insertAcknowledged();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
    if (engine != null) {
      engine.close();
    }
  }

  @Test
  @Order(1)
  void frozenNode_isAnswered503WithinTheRequestTimeout_thenAtOnce_andServedAgainWhenThawed()
      throws Exception {
    node.pause();
    long frozen = System.nanoTime();
    ExecutorService clients = Executors.newFixedThreadPool(3);
    Timed written;
    try {
      // Sent together, so all three are in flight before the driver can know the node is frozen.
      Future<Timed> read = clients.submit(() -> Timed.of(CassandraOutageIT::read));
      Future<Timed> query =
          clients.submit(() -> Timed.of(() -> client.get(TABLE + "()").exchange()));
      Future<Timed> write = clients.submit(() -> Timed.of(() -> insert("frozen")));
      assertServerBusy("read", read.get(1, TimeUnit.MINUTES), ONE_REQUEST);
      assertServerBusy("query", query.get(1, TimeUnit.MINUTES), ONE_REQUEST);
      written = write.get(1, TimeUnit.MINUTES);
      // Sent to the frozen node, it waits in its socket and may be applied once the node goes on.
      assertThat(written.response.errorCode())
          .as("write: " + written)
          .isIn("ServerBusy", "OperationTimedOut");
      assertThat(written.took).as("write: " + written).isLessThan(ONE_WRITE);

      Duration givenUp = untilFastServerBusy(frozen);
      System.out.println(
          "CassandraOutageIT frozen: read "
              + read.get()
              + ", query "
              + query.get()
              + ", write "
              + written
              + "; every request answered 503 at once after "
              + givenUp);
    } finally {
      clients.shutdownNow();
      node.resume();
    }
    Duration back = untilServed();
    System.out.println("CassandraOutageIT thawed: served again after " + back);
    assertNotStoredIfRefused("frozen", written);
    insertAcknowledged();
    assertEverythingAcknowledgedIsThere();
  }

  @Test
  @Order(2)
  void killedNode_isAnswered503AtOnce_andServedAgainWhenRestarted() {
    insertAcknowledged(); // the last acknowledgement before the kill: no time for a periodic sync
    node.kill();
    Timed read = Timed.of(CassandraOutageIT::read);
    Timed write = Timed.of(() -> insert("killed"));
    // Refused connections: nothing was sent, so the write is certainly not applied.
    assertServerBusy("read", read, AT_ONCE);
    assertServerBusy("write", write, AT_ONCE);

    node.start();
    Duration back = untilServed();
    System.out.println(
        "CassandraOutageIT killed: read "
            + read
            + ", write "
            + write
            + "; served again "
            + back
            + " after the node answered CQL");
    assertNotStoredIfRefused("killed", write);
    insertAcknowledged();
    assertEverythingAcknowledgedIsThere();
  }

  /** ServerBusy says nothing was written: the entity must not be there. */
  static void assertNotStoredIfRefused(String rowKey, Timed write) {
    if (write.response.status() == 503) {
      assertThat(
              client.get(TABLE + "(PartitionKey='p',RowKey='" + rowKey + "')").exchange().status())
          .as(rowKey + " refused with 503, then read")
          .isEqualTo(404);
    }
  }

  static void assertServerBusy(String what, Timed answer, Duration within) {
    assertThat(answer.response.status()).as(what + ": " + answer).isEqualTo(503);
    assertThat(answer.response.errorCode()).as(what + ": " + answer).isEqualTo("ServerBusy");
    assertThat(answer.took).as(what + ": " + answer).isLessThan(within);
  }

  /** Polls reads until one is answered 503 in under a second; how long after {@code since}. */
  static Duration untilFastServerBusy(long since) {
    while (true) {
      Timed read = Timed.of(CassandraOutageIT::read);
      assertThat(read.response.status()).as("read: " + read).isEqualTo(503);
      assertThat(read.took).isLessThan(ONE_REQUEST);
      Duration elapsed = Duration.ofNanos(System.nanoTime() - since);
      if (read.took.compareTo(AT_ONCE) < 0) {
        return elapsed;
      }
      assertThat(elapsed).as("the frozen node is given up").isLessThan(GIVEN_UP_WITHIN);
    }
  }

  /** Polls reads until one succeeds; how long it took. Every failure meanwhile must be a 503. */
  static Duration untilServed() {
    long started = System.nanoTime();
    while (true) {
      Timed read = Timed.of(CassandraOutageIT::read);
      Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
      if (read.response.status() == 200) {
        return elapsed;
      }
      assertThat(read.response.status()).as("read while coming back: " + read).isEqualTo(503);
      assertThat(elapsed).as("served again").isLessThan(RECOVERED_WITHIN);
      sleep(Duration.ofMillis(200));
    }
  }

  static RawResponse read() {
    return client.get(TABLE + "(PartitionKey='p',RowKey='r0')").exchange();
  }

  static RawResponse insert(String rowKey) {
    return client
        .post(TABLE)
        .json("{\"PartitionKey\":\"p\",\"RowKey\":\"" + rowKey + "\",\"n\":1}")
        .header("Prefer", "return-no-content")
        .exchange();
  }

  /** Inserts the next acknowledged entity, r0, r1, ... */
  static void insertAcknowledged() {
    RawResponse response = insert("r" + acknowledged);
    assertThat(response.status()).as("insert: " + response).isEqualTo(204);
    acknowledged++;
  }

  static void assertEverythingAcknowledgedIsThere() {
    for (int i = 0; i < acknowledged; i++) {
      assertThat(client.get(TABLE + "(PartitionKey='p',RowKey='r" + i + "')").send().status())
          .as("acknowledged r" + i)
          .isEqualTo(200);
    }
  }

  static RawClient client() {
    return client;
  }

  static OutageNode node() {
    return node;
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis()); // polling a recovering node: nothing to wait on
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A response and how long it took. */
  record Timed(RawResponse response, Duration took) {
    static Timed of(Supplier<RawResponse> call) {
      long started = System.nanoTime();
      RawResponse response = call.get();
      return new Timed(response, Duration.ofNanos(System.nanoTime() - started));
    }

    @Override
    public String toString() {
      return response.status() + " " + response.errorCode() + " in " + took.toMillis() + " ms";
    }
  }
}
