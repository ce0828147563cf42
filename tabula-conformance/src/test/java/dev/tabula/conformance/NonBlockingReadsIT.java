package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.GatedEngine;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.engine.rocksdb.RocksOptions;
import dev.tabula.engine.rocksdb.RocksStorageEngine;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests started on the network event loops: on the RocksDB engine a point read of an entity in
 * memory is answered where the request arrived, without a worker, and a single-entity write is
 * queued with the engine from there and answered when it commits; a read that would touch a file,
 * and every query, still runs on a worker; and the answers are the same either way, also on a cold
 * cache after a restart.
 */
class NonBlockingReadsIT {
  @TempDir Path dataDir;

  private TabulaServer server;
  private GatedEngine engine;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void pointReadsOfCachedEntities_areAnsweredOnTheEventLoops() {
    TableClient table = start().createTable("inline");
    table.createEntity(new TableEntity("p", "r").addProperty("v", 7));

    TableEntity read = table.getEntity("p", "r");

    assertThat(read.getProperty("v")).isEqualTo(7);
    assertThat(read.getETag()).isNotBlank();
    assertThat(engine.nonBlockingCallerThreads())
        .isNotEmpty()
        .allSatisfy(name -> assertThat(name).contains("EventLoop"));
    assertThat(engine.callerThreads())
        .as("calls that may wait")
        .allSatisfy(name -> assertThat(name).startsWith("tabula-worker-"));
  }

  @Test
  void missingEntitiesAndTables_getTheServiceErrors_fromTheEventLoopsToo() {
    TableClient table = start().createTable("errors");

    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", "absent"));
    TableClient missing =
        Clients.service(server, TestAccounts.DEVELOPMENT).getTableClient("nosuch");
    assertServiceError(404, "TableNotFound", () -> missing.getEntity("p", "r"));
  }

  @Test
  void singleEntityWrites_startOnTheEventLoops_queriesRunOnWorkers_andAnswerTheSame() {
    TableClient table = start().createTable("mixed");
    for (int i = 0; i < 6; i++) {
      table.createEntity(new TableEntity("p", "r" + i).addProperty("i", i));
    }
    table.upsertEntity(new TableEntity("p", "r2").addProperty("i", 20));
    table.updateEntity(new TableEntity("p", "r3").addProperty("j", 3));
    table.deleteEntity("p", "r4");
    assertServiceError(
        409,
        "EntityAlreadyExists",
        () -> table.createEntity(new TableEntity("p", "r5").addProperty("i", 0)));

    List<TableEntity> all =
        table.listEntities(new ListEntitiesOptions().setFilter("i ge 2"), null, null).stream()
            .toList();

    assertThat(all).extracting(TableEntity::getRowKey).containsExactly("r2", "r3", "r5");
    assertThat(all).extracting(e -> e.getProperty("i")).containsExactly(20, 3, 5);
    assertThat(all.get(1).getProperty("j")).isEqualTo(3);
    assertThat(engine.nonBlockingCalls())
        .as("the writes were queued from the event loops; a query has no form that never waits")
        .contains("tryApplyAsync")
        .doesNotContain("scan");
    assertThat(engine.nonBlockingCallerThreads())
        .allSatisfy(name -> assertThat(name).contains("EventLoop"));
    assertThat(engine.calls())
        .as("calls that may wait: the table's creation and the query")
        .contains("scan", "createTable")
        .doesNotContain("apply", "applyAsync");
    assertThat(engine.callerThreads())
        .allSatisfy(name -> assertThat(name).startsWith("tabula-worker-"));
  }

  @Test
  void aWriteWithALargeBody_isStartedOnAWorker_andLands() {
    TableClient table = start().createTable("large");
    String large = "x".repeat(25_000); // 3 x 25,000 characters: over the 64 KiB parsed on a loop

    table.upsertEntity(
        new TableEntity("p", "big")
            .addProperty("a", large)
            .addProperty("b", large)
            .addProperty("c", large));

    assertThat(table.getEntity("p", "big").getProperty("c")).isEqualTo(large);
    assertThat(engine.calls()).as("queued from a worker").contains("applyAsync");
    assertThat(engine.nonBlockingCalls()).doesNotContain("tryApplyAsync");
    assertThat(engine.callerThreads())
        .allSatisfy(name -> assertThat(name).startsWith("tabula-worker-"));
  }

  @Test
  void afterARestart_coldReadsGoToAWorker_andGiveTheSameAnswer() {
    TableClient table = start().createTable("cold");
    for (int i = 0; i < 50; i++) {
      table.createEntity(new TableEntity("p", String.format("r%02d", i)).addProperty("i", i));
    }
    server.close();

    TableClient again = start().getTableClient("cold");
    again.upsertEntity(new TableEntity("p", "new").addProperty("i", 99)); // on a cold catalog too
    assertThat(again.getEntity("p", "new").getProperty("i")).isEqualTo(99);
    for (int i = 0; i < 50; i++) {
      assertThat(again.getEntity("p", String.format("r%02d", i)).getProperty("i")).isEqualTo(i);
    }
    assertThat(engine.callerThreads())
        .as("the first reads after the restart needed a file")
        .anySatisfy(name -> assertThat(name).startsWith("tabula-worker-"));
  }

  /** Starts a server on the RocksDB engine in {@link #dataDir}, seen through a recording gate. */
  private com.azure.data.tables.TableServiceClient start() {
    engine = new GatedEngine(new RocksStorageEngine(dataDir, RocksOptions.defaults()));
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withAccounts(TestAccounts.ALL), engine);
    return Clients.service(server, TestAccounts.DEVELOPMENT);
  }
}
