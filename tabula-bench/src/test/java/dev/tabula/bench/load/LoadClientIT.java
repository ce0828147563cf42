package dev.tabula.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Smoke test of the load client against an in-process server with pages forced to 7 entities, so
 * that every workload follows continuations. It checks the client's correctness checks pass on a
 * correct server; it measures nothing.
 */
class LoadClientIT {
  private static final EntityShape SHAPE = new EntityShape(5, 40, 512);
  private static TabulaServer server;
  private static TableClient client;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    server = TabulaServer.start(ServerConfig.defaults()
        .withPort(0)
        .withEngine(EngineKind.MEMORY, dir)
        .withPageSize(7));
    client = new TableClient(TableEndpoint.development("127.0.0.1", server.port()), Duration.ofSeconds(10));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void load_thenPartitionQueriesAndScans_findEveryEntityInOrder() {
    assertThat(client.createTable("smoke").status()).isIn(201, 204);
    TableLoader loader = new TableLoader(client);
    TableLoader.Method method = loader.probe();

    WorkloadResult load = loader.load("smoke", SHAPE, method, 4, Duration.ofSeconds(20));
    WorkloadResult partitions = PartitionQueryWorkload.run(
        client, "smoke", SHAPE, new RunBounds(5, Duration.ofSeconds(10)));
    WorkloadResult scans = FilteredScanWorkload.run(
        client, "smoke", SHAPE, new RunBounds(2, Duration.ofSeconds(10)));

    assertThat(load.errors()).isEmpty();
    assertThat(load.metrics()).containsEntry("entities", 200.0);
    assertThat(partitions.errors()).isEmpty();
    assertThat(partitions.metrics().get("queries")).isEqualTo(5.0);
    assertThat(partitions.metrics().get("pages/query")).isGreaterThanOrEqualTo(40 / 7.0);
    assertThat(scans.errors()).isEmpty();
    assertThat(scans.metrics().get("scans")).isEqualTo(2.0);
  }

  @Test
  void singleInserts_loadTheSameTable() {
    assertThat(client.createTable("smokesingle").status()).isIn(201, 204);
    EntityShape shape = new EntityShape(2, 10, 256);

    WorkloadResult load = new TableLoader(client)
        .load("smokesingle", shape, TableLoader.Method.SINGLE, 8, Duration.ofSeconds(20));
    WorkloadResult scans = FilteredScanWorkload.run(
        client, "smokesingle", shape, new RunBounds(1, Duration.ofSeconds(10)));

    assertThat(load.errors()).isEmpty();
    assertThat(scans.errors()).isEmpty();
  }

  @Test
  void aWrongKey_isRefused() {
    TableClient wrongKey = new TableClient(
        new TableEndpoint(client.endpoint().root(), "devstoreaccount1", "AAAA"), Duration.ofSeconds(10));

    assertThat(wrongKey.createTable("refused").status()).isEqualTo(403);
  }
}
