package dev.tabula.conformance.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.Account;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A secondary index whose build a SIGKILL cut short is built again when the server starts, and then
 * answers exactly: a RocksDB server in its own JVM holds 100,000 entities, is given an index, and
 * is killed at once, while the build (about half a second here; the server's log says it had not
 * ended) is under way; the server started again on the same directory finds the index still {@code
 * building} in its settings, builds it ({@code IndexBuilds.resume}), marks it ready, and a query
 * through it returns every match in key order. Broken once: with the resume left out of {@code
 * TabulaServer}, the index stayed {@code building} and the test failed waiting for it.
 */
class IndexBuildCrashIT {
  private static final Account ACCOUNT = TestAccounts.DEVELOPMENT;
  private static final String TABLE = "indexcrash";
  private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC");
  private static final int PARTITIONS = 100;
  private static final int ROWS = 1_000;

  @TempDir Path dataDir;

  @Test
  void sigkillDuringABuild_buildsItAgainAtStart_andItAnswersExactly() throws InterruptedException {
    try (ServerProcess first = ServerProcess.start(dataDir, JVM, List.of())) {
      load(Clients.service(first.connectionString(ACCOUNT)).createTable(TABLE));
      RawResponse declared =
          raw(first)
              .put(TABLE + "?comp=tabula-settings")
              .header("x-tabula-extensions", "settings")
              .json("{\"indexes\": [{\"name\": \"byV\", \"property\": \"V\"}]}")
              .send();
      assertThat(declared.status()).isEqualTo(204);
      assertThat(first.kill()).isEqualTo(ServerProcess.SIGKILL_EXIT);
      assertThat(first.outputLines())
          .as("the build had not ended at the kill (or the test proves nothing)")
          .noneMatch(line -> line.contains("Index byV of table"));
    }

    try (ServerProcess second = ServerProcess.start(dataDir, JVM, List.of())) {
      String stateAtStart = state(second);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!state(second).equals("ready")) {
        assertThat(System.nanoTime() - deadline).as("ready within 60 s of the start").isNegative();
        Thread.sleep(50);
      }
      System.out.printf("IndexBuildCrashIT: the index was %s at the start%n", stateAtStart);
      assertThat(second.outputLines()).anyMatch(line -> line.contains("Index byV of table"));

      List<String> expected = new ArrayList<>();
      for (int p = 0; p < PARTITIONS; p++) {
        for (int r = 7; r < ROWS; r += 100) {
          expected.add(key(p, r));
        }
      }
      RawResponse page =
          raw(second)
              .get(TABLE + "()?$filter=" + ODataPaths.encodeQuery("V eq 7"))
              .header("x-tabula-query-stats", "true")
              .send();
      List<String> keys = new ArrayList<>();
      page.json()
          .path("value")
          .forEach(
              e -> keys.add(e.path("PartitionKey").asText() + "|" + e.path("RowKey").asText()));
      assertThat(page.header("x-tabula-query-plan")).startsWith("index(byV)");
      assertThat(keys).isEqualTo(expected);
      assertThat(page.continuation()).isNull();
    }
  }

  /** 100 partitions of 1,000 rows, V = row % 100, in batches of 100. */
  private static void load(TableClient table) {
    for (int p = 0; p < PARTITIONS; p++) {
      for (int from = 0; from < ROWS; from += 100) {
        List<TableTransactionAction> batch = new ArrayList<>();
        for (int r = from; r < from + 100; r++) {
          TableEntity entity =
              new TableEntity(String.format("p%03d", p), String.format("r%04d", r))
                  .addProperty("V", r % 100);
          batch.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
        }
        table.submitTransaction(batch);
      }
    }
  }

  private static String key(int partition, int row) {
    return String.format("p%03d|r%04d", partition, row);
  }

  private static String state(ServerProcess server) {
    return raw(server)
        .get(TABLE + "?comp=tabula-settings")
        .header("x-tabula-extensions", "settings")
        .send()
        .json()
        .path("indexes")
        .path(0)
        .path("state")
        .asText();
  }

  private static RawClient raw(ServerProcess server) {
    return new RawClient(server.port(), ACCOUNT);
  }
}
