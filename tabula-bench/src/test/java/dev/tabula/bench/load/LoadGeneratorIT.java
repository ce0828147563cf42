package dev.tabula.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
 * Smoke test of the load generator's workloads against an in-process server with pages forced to 7
 * entities, so that queries follow continuations. It checks that each workload's correctness checks
 * pass on a correct server and catch a wrong one; it measures nothing.
 */
class LoadGeneratorIT {
  private static final Workloads WORKLOADS =
      new Workloads(512, 10, 20, 10, 3, UpsertWorkload.Mode.MIXED, Duration.ofSeconds(20));
  private static final RunSettings FEW =
      new RunSettings(4, new RunBounds(12, Duration.ofSeconds(20)), Duration.ZERO, 10_000);
  private static TabulaServer server;
  private static TableEndpoint endpoint;
  private static ReadTable table;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withEngine(EngineKind.MEMORY, dir).withPageSize(7));
    endpoint = TableEndpoint.development("127.0.0.1", server.port());
    table = new ReadTable("smokeread", WORKLOADS.tableShape(100));
    WorkloadResult load = table.load(endpoint, 0, Duration.ofSeconds(20));
    assertThat(load.errors()).isEmpty();
    assertThat(load.metrics()).containsEntry("entities", 100.0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void everyWorkload_runsCleanAndCountsItsOperations() {
    for (String name : Workloads.NAMES) {
      WorkloadResult result =
          WorkloadRun.execute(endpoint, WORKLOADS.create(name, 4, table, 60), FEW);

      assertThat(result.errors()).as(name).isEmpty();
      assertThat(result.metrics().get("ops"))
          .as(name)
          .isEqualTo(name.equals("delete-table") ? 1.0 : 12.0);
    }
  }

  @Test
  void queries_followContinuations_andReadWholePartitions() {
    WorkloadResult result =
        WorkloadRun.execute(endpoint, WORKLOADS.create("partition-query", 2, table, 0), FEW);

    assertThat(result.errors()).isEmpty();
    assertThat(result.metrics().get("entities/s") / result.metrics().get("ops/s"))
        .isCloseTo(20.0, within(1e-6));
    assertThat(result.metrics().get("requests/s"))
        .isGreaterThan(2.5 * result.metrics().get("ops/s"));
  }

  @Test
  void aTableOfAnotherShape_failsTheChecks() {
    ReadTable wrong = new ReadTable(table.name(), WORKLOADS.tableShape(100).withPartitions(4));

    WorkloadResult scan = WorkloadRun.execute(endpoint, WORKLOADS.create("scan", 1, wrong, 0), FEW);

    assertThat(scan.errors()).isNotEmpty().first().asString().contains("expected 16");
  }

  @Test
  void aWrongKey_isRefused() {
    TableEndpoint wrongKey = new TableEndpoint(endpoint.root(), "devstoreaccount1", "AAAA");

    WorkloadResult result =
        WorkloadRun.execute(wrongKey, WORKLOADS.create("insert", 1, null, 0), FEW);

    assertThat(result.errors()).isNotEmpty().first().asString().contains("403");
  }
}
