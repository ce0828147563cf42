package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.AdminScrape;
import dev.tabula.conformance.support.CassandraNode;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.GatedEngine;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.SmallFileSystem;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.Transport;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The admin listener of a real server (docs/monitoring.md): after real SDK traffic, {@code
 * /metrics} counts exactly what was sent, by operation and status, with latency histograms, bytes,
 * the connections and the entities queries scanned versus returned; {@code /health} and {@code
 * /ready} answer as probes expect, also when the RocksDB disk is full and while the server shuts
 * down.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AdminEndpointsIT {
  private static final int INSERTS = 12;
  private static final int POINT_READS = 5;
  private static final Duration WAIT = Duration.ofSeconds(15);

  @TempDir Path temp;

  static Stream<EngineKind> engines() {
    return EngineUnderTest.everyEngine().stream().map(EngineUnderTest::engine);
  }

  private static ServerConfig config(EngineKind engine, Path dataDir) {
    return ServerConfig.defaults()
        .withPort(0)
        .withEngine(engine, dataDir)
        .withAccounts(TestAccounts.ALL)
        .withTransport(Transport.DEFAULTS.withAdmin("127.0.0.1", 0));
  }

  private static TabulaServer start(EngineKind engine, Path dataDir) {
    ServerConfig config = config(engine, dataDir);
    return engine == EngineKind.CASSANDRA
        ? TabulaServer.start(config, CassandraNode.openEngine())
        : TabulaServer.start(config);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void metrics_countExactlyWhatTheSdkSent(EngineKind engine) throws Exception {
    Path dataDir = TempDirs.create("tabula-admin-");
    TabulaServer server = null;
    try {
      server = start(engine, dataDir);
      int admin = server.adminPort();
      int sent = sendTraffic(server);

      // Each answer is counted once written, which the client may see a moment before: wait
      // until every request sent is counted, then check each count exactly.
      AdminScrape metrics = awaitScrape(admin, s -> s.sum("tabula_requests_total") >= sent);
      assertThat(metrics.sum("tabula_requests_total")).isEqualTo(sent);
      assertThat(requests(metrics, "CreateTable", "204")).isEqualTo(1);
      assertThat(requests(metrics, "InsertEntity", "204")).isEqualTo(INSERTS);
      assertThat(requests(metrics, "InsertEntity", "409")).isEqualTo(1);
      assertThat(requests(metrics, "QueryEntity", "200")).isEqualTo(POINT_READS);
      assertThat(requests(metrics, "QueryEntity", "404")).isEqualTo(1);
      assertThat(requests(metrics, "QueryEntities", "200")).isEqualTo(1);
      assertThat(requests(metrics, "EntityGroupTransaction", "202")).isEqualTo(1);
      assertFigures(metrics);
      assertThat(text(AdminScrape.send(admin, "GET", "/health"))).isEqualTo("200 ok");
      assertThat(text(AdminScrape.send(admin, "GET", "/ready"))).isEqualTo("200 ready");
    } finally {
      TestServers.closeAndDelete(server, dataDir);
    }
  }

  /**
   * Sends, through the SDK: a table, {@link #INSERTS} inserts, {@link #POINT_READS} point reads,
   * one query, one $batch, an insert that conflicts (409) and a read of a missing entity (404).
   *
   * @return how many requests were sent
   */
  private static int sendTraffic(TabulaServer server) {
    TableClient table = Clients.service(server, TestAccounts.DEVELOPMENT).createTable("metered");
    for (int i = 0; i < INSERTS; i++) {
      table.createEntity(new TableEntity("p", "r" + i).addProperty("Value", i));
    }
    for (int i = 0; i < POINT_READS; i++) {
      assertThat(table.getEntity("p", "r" + i).getProperty("Value")).isEqualTo(i);
    }
    List<TableEntity> found = new ArrayList<>();
    table
        .listEntities(
            new ListEntitiesOptions().setFilter("PartitionKey eq 'p' and Value ge 5"), null, null)
        .forEach(found::add);
    assertThat(found).hasSize(INSERTS - 5);
    table.submitTransaction(
        List.of(
            new TableTransactionAction(
                TableTransactionActionType.CREATE, new TableEntity("b", "1")),
            new TableTransactionAction(
                TableTransactionActionType.CREATE, new TableEntity("b", "2"))));
    TableServiceException conflict =
        assertThrows(
            TableServiceException.class, () -> table.createEntity(new TableEntity("p", "r0")));
    assertThat(conflict.getResponse().getStatusCode()).isEqualTo(409);
    TableServiceException missing =
        assertThrows(TableServiceException.class, () -> table.getEntity("p", "absent"));
    assertThat(missing.getResponse().getStatusCode()).isEqualTo(404);
    return 1 + INSERTS + POINT_READS + 1 + 1 + 1 + 1;
  }

  /** Latency, bytes, queries, connections, workers and the JVM, after {@link #sendTraffic}. */
  private static void assertFigures(AdminScrape metrics) {

    assertThat(
            metrics.valueOf("tabula_request_duration_seconds_count", "operation", "InsertEntity"))
        .isEqualTo(INSERTS + 1);
    assertThat(
            metrics.valueOf(
                "tabula_request_duration_seconds_bucket",
                "operation",
                "InsertEntity",
                "le",
                "+Inf"))
        .isEqualTo(INSERTS + 1);
    assertThat(metrics.valueOf("tabula_request_duration_seconds_sum", "operation", "QueryEntity"))
        .isPositive();
    assertThat(metrics.valueOf("tabula_request_bytes_total", "operation", "InsertEntity"))
        .isPositive();
    assertThat(metrics.valueOf("tabula_response_bytes_total", "operation", "QueryEntities"))
        .isPositive();

    assertThat(metrics.valueOf("tabula_query_entities_scanned_total", "plan", "partition"))
        .isEqualTo(INSERTS);
    assertThat(metrics.valueOf("tabula_query_entities_returned_total", "plan", "partition"))
        .isEqualTo(INSERTS - 5);
    assertThat(metrics.valueOf("tabula_query_pages_total")).isEqualTo(1);

    // The SDK keeps its connection open between requests.
    assertThat(metrics.valueOf("tabula_connections_open")).isGreaterThanOrEqualTo(1);
    assertThat(metrics.valueOf("tabula_connections_accepted_total")).isGreaterThanOrEqualTo(1);
    assertThat(metrics.valueOf("tabula_requests_shed_total", "reason", "worker_queue_full"))
        .isZero();
    assertThat(metrics.valueOf("tabula_workers_max")).isEqualTo(64);
    assertThat(metrics.text())
        .as("the JVM's and the process's figures")
        .contains("jvm_memory_used_bytes{", "jvm_threads_live_threads ", "process_cpu_usage ");
    assertThat(metrics.valueOf("process_uptime_seconds")).isPositive();
  }

  @Test
  void adminPaths_answerGetAndHeadOnly_andNothingElse() throws Exception {
    try (TabulaServer server = start(EngineKind.MEMORY, temp)) {
      int admin = server.adminPort();
      assertThat(admin).isPositive().isNotEqualTo(server.port());
      HttpResponse<String> metrics = AdminScrape.send(admin, "GET", "/metrics");
      assertThat(metrics.headers().firstValue("content-type"))
          .hasValue("text/plain; version=0.0.4; charset=utf-8");
      assertThat(metrics.body()).contains("# TYPE tabula_connections_open gauge");
      HttpResponse<String> head = AdminScrape.send(admin, "HEAD", "/health");
      assertThat(head.statusCode()).isEqualTo(200);
      assertThat(head.body()).isEmpty();
      assertThat(head.headers().firstValue("content-length")).hasValue("3");
      assertThat(text(AdminScrape.send(admin, "GET", "/health?verbose=1"))).isEqualTo("200 ok");
      HttpResponse<String> post = AdminScrape.send(admin, "POST", "/metrics");
      assertThat(post.statusCode()).isEqualTo(405);
      assertThat(post.headers().firstValue("allow")).hasValue("GET, HEAD");
      assertThat(AdminScrape.send(admin, "GET", "/").statusCode()).isEqualTo(404);
      assertThat(AdminScrape.send(admin, "GET", "/devstoreaccount1/Tables").statusCode())
          .isEqualTo(404);
    }
  }

  @Test
  void openMetrics_whenTheScraperAsksForIt() throws Exception {
    try (TabulaServer server = start(EngineKind.MEMORY, temp)) {
      java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
      HttpResponse<String> answer =
          client.send(
              java.net.http.HttpRequest.newBuilder(
                      java.net.URI.create("http://127.0.0.1:" + server.adminPort() + "/metrics"))
                  .header(
                      "Accept", "application/openmetrics-text;version=1.0.0;q=0.5,text/plain;q=0.1")
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(answer.headers().firstValue("content-type"))
          .hasValue("application/openmetrics-text; version=1.0.0; charset=utf-8");
      assertThat(answer.body()).endsWith("# EOF\n");
    }
  }

  /** {@code tabula serve --admin-port N}, run as a user runs it, serves the admin paths on N. */
  @Test
  void command_withAdminPort_servesTheAdminPaths() throws Exception {
    int admin;
    try (ServerSocket free = new ServerSocket(0)) {
      admin = free.getLocalPort();
    }
    try (ServerProcess server =
        ServerProcess.serve(
            List.of(),
            List.of("--engine", "memory", "--admin-port", Integer.toString(admin)),
            Duration.ofSeconds(60))) {
      Clients.service(
              "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey="
                  + TestAccounts.DEVELOPMENT.key()
                  + ";TableEndpoint="
                  + server.endpoint("devstoreaccount1")
                  + ";")
          .createTable("viaCommand");
      assertThat(text(AdminScrape.send(admin, "GET", "/health"))).isEqualTo("200 ok");
      assertThat(text(AdminScrape.send(admin, "GET", "/ready"))).isEqualTo("200 ready");
      AdminScrape metrics =
          awaitScrape(
              admin, s -> s.value("tabula_requests_total", "operation", "CreateTable").isPresent());
      assertThat(requests(metrics, "CreateTable", "204")).isEqualTo(1);
    }
  }

  @Test
  void noAdminPort_noAdminListener() {
    try (TabulaServer server =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withEngine(EngineKind.MEMORY, temp)
                .withAccounts(TestAccounts.ALL))) {
      assertThat(server.adminPort()).isEqualTo(-1);
    }
  }

  /**
   * While the server closes (here held open by a request in hand on a worker), {@code /ready}
   * answers 503 "shutting down", so a load balancer stops sending it requests; {@code /health}
   * still answers 200.
   */
  @Test
  void ready_says503ShuttingDown_whileTheServerCloses() throws Exception {
    GatedEngine engine = new GatedEngine(new MemoryStorageEngine());
    TabulaServer server =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withAccounts(TestAccounts.ALL)
                .withTransport(Transport.DEFAULTS.withAdmin("127.0.0.1", 0)),
            engine);
    int admin = server.adminPort();
    CompletableFuture<Void> closed = null;
    GatedEngine.Hold hold = engine.holdNextCall();
    try {
      assertThat(text(AdminScrape.send(admin, "GET", "/ready"))).isEqualTo("200 ready");
      CompletableFuture<?> create =
          CompletableFuture.runAsync(
              () -> Clients.service(server, TestAccounts.DEVELOPMENT).createTable("held"));
      assertThat(hold.awaitHeld(WAIT)).as("the request is in hand").isTrue();
      closed = CompletableFuture.runAsync(server::close);
      HttpResponse<String> ready =
          awaitAnswer(admin, "/ready", answer -> answer.statusCode() == 503);
      assertThat(ready.body()).isEqualTo("not ready: shutting down\n");
      assertThat(ready.headers().firstValue("content-type")).hasValue("text/plain; charset=utf-8");
      assertThat(text(AdminScrape.send(admin, "GET", "/health"))).isEqualTo("200 ok");
      hold.release();
      closed.get(30, TimeUnit.SECONDS);
      create.handle((ok, failure) -> null).get(30, TimeUnit.SECONDS);
    } finally {
      hold.release();
      if (closed == null) {
        server.close();
      }
    }
  }

  /**
   * A RocksDB server whose disk is really full (a tmpfs mounted for the test, as {@link
   * RocksDiskFullIT} does; skipped without root): once writes are refused, {@code /ready} answers
   * 503 with the reason, and 200 again by itself once space is freed and writes come back.
   */
  @Test
  void ready_says503DiskFull_untilSpaceReturns() throws Exception {
    try (SmallFileSystem disk = SmallFileSystem.mount(temp, 64);
        TabulaServer server = start(EngineKind.ROCKSDB, disk.resolve("data"))) {
      int admin = server.adminPort();
      TableClient table = Clients.service(server, TestAccounts.DEVELOPMENT).createTable("full");
      table.createEntity(entity("before"));
      assertThat(text(AdminScrape.send(admin, "GET", "/ready"))).isEqualTo("200 ready");
      disk.fill();
      boolean refused = false;
      for (int i = 0; !refused && i < 2000; i++) {
        try {
          table.createEntity(entity("during" + i)); // a preallocated log may still have room
        } catch (TableServiceException e) {
          assertThat(e.getResponse().getStatusCode()).isEqualTo(503);
          refused = true;
        }
      }
      assertThat(refused).as("a write refused once the disk is full").isTrue();
      assertThat(text(AdminScrape.send(admin, "GET", "/ready")))
          .isEqualTo("503 not ready: the disk is full (writes refused)");
      assertThat(text(AdminScrape.send(admin, "GET", "/health"))).isEqualTo("200 ok");
      AdminScrape metrics =
          awaitScrape(
              admin,
              s ->
                  s.value("tabula_requests_total", "operation", "InsertEntity", "status", "503")
                      .isPresent());
      assertThat(requests(metrics, "InsertEntity", "503")).isEqualTo(1);

      disk.free();
      HttpResponse<String> ready =
          awaitAnswer(admin, "/ready", answer -> answer.statusCode() == 200);
      assertThat(ready.body()).isEqualTo("ready\n");
      table.createEntity(entity("after")); // ready means writable
    }
  }

  private static double requests(AdminScrape metrics, String operation, String status) {
    return metrics.valueOf("tabula_requests_total", "operation", operation, "status", status);
  }

  private static String text(HttpResponse<String> answer) {
    return answer.statusCode() + " " + answer.body().strip();
  }

  /** Scrapes until {@code done} holds of the scrape, for at most {@link #WAIT}; the last scrape. */
  private static AdminScrape awaitScrape(int port, Predicate<AdminScrape> done) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    AdminScrape scrape = AdminScrape.scrape(port);
    while (!done.test(scrape) && System.nanoTime() < deadline) {
      Thread.sleep(20);
      scrape = AdminScrape.scrape(port);
    }
    return scrape;
  }

  /** Asks {@code path} until {@code done} holds of the answer, for at most {@link #WAIT}. */
  private static HttpResponse<String> awaitAnswer(
      int port, String path, Predicate<HttpResponse<String>> done) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    HttpResponse<String> answer = AdminScrape.send(port, "GET", path);
    while (!done.test(answer) && System.nanoTime() < deadline) {
      Thread.sleep(20);
      answer = AdminScrape.send(port, "GET", path);
    }
    assertThat(done.test(answer)).as("%s answered %s", path, text(answer)).isTrue();
    return answer;
  }

  private static TableEntity entity(String rowKey) {
    return new TableEntity("p", rowKey).addProperty("data", new byte[48 * 1024]);
  }
}
