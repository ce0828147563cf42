package dev.tabula.conformance.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.conformance.crash.CassandraOutageIT.Timed;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.engine.cassandra.CassandraOptions;
import dev.tabula.engine.cassandra.CassandraStorageEngine;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, item 6: a Cassandra node out of disk. The fault lane's {@link OutageNode} keeps its
 * data and commit log on a small tmpfs ({@link OutageNode#disk}, mounted by the lane as root;
 * skipped otherwise). The test fills it with a file, writes on through a real Tabula server, frees
 * the space, and restarts the node as an operator would. Every answer must come in bounded time and
 * be a success, 503 ServerBusy or (a write whose outcome is unknown) 500 OperationTimedOut; once
 * the node is back, everything acknowledged, before and while the disk was full, is there, and
 * nothing answered 503 was written.
 */
class CassandraDiskFullIT {
  private static final String TABLE = "diskfull";
  private static final Duration FULL_FOR = Duration.ofSeconds(20);
  private static final Duration ONE_WRITE = Duration.ofSeconds(25);
  private static final Duration RECOVERED_WITHIN = Duration.ofSeconds(60);
  private static final String PADDING = "x".repeat(16 * 1024);

  private static OutageNode node;
  private static CassandraStorageEngine engine;
  private static TabulaServer server;
  private static RawClient client;
  private final List<String> refused = new ArrayList<>();

  @BeforeAll
  static void startServer() {
    node = OutageNode.fromSystemProperties();
    assumeTrue(node.disk() != null, "the lane mounted no tmpfs for the node (needs root)");
    engine =
        CassandraStorageEngine.open(
            CassandraOptions.of(
                    CassandraOptions.parseContactPoints(node.contactPoint()), "datacenter1")
                .withKeyspace("tabula_diskfull_" + ProcessHandle.current().pid()));
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withAccounts(TestAccounts.ALL), engine);
    client = new RawClient(server, TestAccounts.DEVELOPMENT);
    assertThat(client.post("Tables").json("{\"TableName\":\"" + TABLE + "\"}").send().status())
        .isEqualTo(201);
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
  void fullDisk_isAnswered503OrOperationTimedOut_inBoundedTime_andNothingAcknowledgedIsLost()
      throws IOException {
    Map<String, Integer> answers = new TreeMap<>();
    List<String> acknowledged = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      record(answers, acknowledged, "before" + i, insert("before" + i));
    }
    assertThat(acknowledged).hasSize(20);
    Path filler = node.disk().resolve("filler");
    long filled = fill(filler);
    long started = System.nanoTime();
    int i = 0;
    while (System.nanoTime() - started < FULL_FOR.toNanos()) {
      String key = "full" + i++;
      Timed write = Timed.of(() -> insert(key));
      assertThat(write.took()).as(key + ": " + write).isLessThan(ONE_WRITE);
      record(answers, acknowledged, key, write.response());
      Timed read =
          Timed.of(() -> client.get(TABLE + "(PartitionKey='p',RowKey='before0')").exchange());
      assertThat(read.response().status()).as("read: " + read).isIn(200, 503);
      sleep(Duration.ofMillis(50));
    }
    System.out.println(
        "CassandraDiskFullIT: filled " + (filled >> 20) + " MiB; answers " + answers);

    Files.delete(filler);
    Duration byItself = untilWritable(Duration.ofSeconds(10));
    System.out.println("CassandraDiskFullIT: writable again by itself: " + byItself);
    if (byItself == null) {
      node.kill();
      node.start();
      Duration back = untilWritable(RECOVERED_WITHIN);
      System.out.println("CassandraDiskFullIT: after a restart, writable again in " + back);
      assertThat(back).as("writable after the restart").isNotNull();
    }
    for (String key : acknowledged) {
      assertThat(read(key).status()).as("acknowledged " + key).isEqualTo(200);
    }
    for (String key : refused) {
      assertThat(read(key).status()).as("refused with 503: " + key).isEqualTo(404);
    }
  }

  private void record(
      Map<String, Integer> answers, List<String> acknowledged, String key, RawResponse response) {
    String answer = response.status() + " " + (response.status() < 300 ? "" : response.errorCode());
    answers.merge(answer, 1, Integer::sum);
    if (response.status() == 204) {
      acknowledged.add(key);
    } else if (response.status() == 503) {
      refused.add(key);
    }
    assertThat(answer).as(key).isIn("204 ", "503 ServerBusy", "500 OperationTimedOut");
  }

  /** Writes into {@code file} until the disk is full; the bytes written. */
  private static long fill(Path file) throws IOException {
    byte[] chunk = new byte[1 << 20];
    long written = 0;
    try (OutputStream out = Files.newOutputStream(file)) {
      while (true) {
        out.write(chunk);
        written += chunk.length;
      }
    } catch (IOException full) {
      if (!String.valueOf(full.getMessage()).contains("No space")) {
        throw full;
      }
    }
    return written;
  }

  /**
   * Polls inserts until one succeeds; how long it took, or null if none did within {@code limit}.
   */
  private static Duration untilWritable(Duration limit) {
    long started = System.nanoTime();
    for (int i = 0; System.nanoTime() - started < limit.toNanos(); i++) {
      RawResponse response = insert("after" + System.nanoTime());
      if (response.status() == 204) {
        return Duration.ofNanos(System.nanoTime() - started);
      }
      assertThat(response.status()).isIn(503, 500);
      sleep(Duration.ofMillis(250));
    }
    return null;
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis()); // polling a recovering node: nothing to wait on
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static RawResponse insert(String rowKey) {
    return client
        .post(TABLE)
        .json("{\"PartitionKey\":\"p\",\"RowKey\":\"" + rowKey + "\",\"pad\":\"" + PADDING + "\"}")
        .header("Prefer", "return-no-content")
        .exchange();
  }

  private static RawResponse read(String rowKey) {
    return client.get(TABLE + "(PartitionKey='p',RowKey='" + rowKey + "')").exchange();
  }
}
