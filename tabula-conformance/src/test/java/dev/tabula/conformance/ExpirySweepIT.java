package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.engine.rocksdb.RocksOptions;
import dev.tabula.engine.rocksdb.RocksStorageEngine;
import dev.tabula.model.EntityKey;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The server's time-to-live sweeper on RocksDB ({@link TabulaServer#startExpirySweeper}), end to
 * end: an entity written through the SDK with an expiry a second ahead is, within a few sweep
 * intervals, physically gone from the engine (read raw through its own entity store, bypassing
 * core's filter), while a live entity of the same table and an already expired entity of a table
 * without time-to-live stay. Broken once: with {@code startExpirySweeper} returning before it
 * starts the sweeper, the expired row stayed in the engine and this failed at its deadline.
 */
class ExpirySweepIT {
  private static final Duration PATIENCE = Duration.ofSeconds(20);

  private Path dataDir;
  private RocksStorageEngine engine;
  private TabulaServer server;
  private TableServiceClient service;

  @BeforeEach
  void start() throws Exception {
    dataDir = Files.createTempDirectory("tabula-ttl-sweep");
    engine = new RocksStorageEngine(dataDir, RocksOptions.defaults());
    server = TabulaServer.start(ServerConfig.defaults().withPort(0), engine);
    server.startExpirySweeper(Duration.ofMillis(200));
    service = Clients.service(server, TestAccounts.DEVELOPMENT);
  }

  @AfterEach
  void stop() {
    TestServers.closeAndDelete(server, dataDir);
  }

  private boolean storedRaw(String table, String rowKey) {
    long id = engine.catalog().findTable(TestAccounts.DEVELOPMENT.name(), table).orElseThrow().id();
    return engine.entities().read(id, new EntityKey("p", rowKey)).isPresent();
  }

  @Test
  void expiredEntities_areDeletedFromTheEngine_liveOnesAndPlainTablesStay() {
    TableClient ttl = service.createTable("sweptttl");
    RawClient raw = new RawClient(server, TestAccounts.DEVELOPMENT);
    assertThat(
            raw.put("sweptttl?comp=tabula-settings")
                .header("x-tabula-extensions", "settings")
                .json("{\"timeToLive\": -1}")
                .send()
                .status())
        .isEqualTo(204);
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    ttl.createEntity(
        new TableEntity("p", "soon").addProperty("TabulaExpiresAt", now.plusSeconds(1)));
    ttl.createEntity(new TableEntity("p", "live").addProperty("TabulaExpiresAt", now.plusDays(1)));
    TableClient plain = service.createTable("sweptplain");
    plain.createEntity(
        new TableEntity("p", "old").addProperty("TabulaExpiresAt", now.minusDays(1)));
    assertThat(storedRaw("sweptttl", "soon")).isTrue();

    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (storedRaw("sweptttl", "soon")) {
      assertThat(System.nanoTime() - deadline).as("reclaimed within %s", PATIENCE).isNegative();
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos()); // a pause between polls
    }

    assertThat(storedRaw("sweptttl", "live")).isTrue();
    assertThat(storedRaw("sweptplain", "old")).isTrue();
  }
}
