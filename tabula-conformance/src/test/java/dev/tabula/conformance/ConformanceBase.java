package dev.tabula.conformance;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import dev.tabula.conformance.support.CassandraNode;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * Starts one real server per test class on a random loopback port, with the engine the concrete
 * class names, and gives tests an SDK client and a raw HTTP client for the development account.
 * Tests isolate themselves by using fresh table names, never by restarting the server.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ConformanceBase {
  protected TabulaServer server;
  protected TableServiceClient service;
  protected RawClient raw;
  private Path dataDir;

  /** The storage engine this class runs against. */
  protected abstract EngineKind engine();

  /** The server's page size; the paging lanes force small ones. */
  protected int pageSize() {
    return 1000;
  }

  @BeforeAll
  final void startServer() {
    dataDir = TempDirs.create("tabula-conformance-");
    ServerConfig config =
        ServerConfig.defaults()
            .withPort(0)
            .withEngine(engine(), dataDir)
            .withAccounts(TestAccounts.ALL)
            .withPageSize(pageSize());
    // The Cassandra engine needs a cluster: CassandraNode names it, or skips the class.
    server =
        engine() == EngineKind.CASSANDRA
            ? TabulaServer.start(config, CassandraNode.openEngine())
            : TabulaServer.start(config);
    service = Clients.service(server, TestAccounts.DEVELOPMENT);
    raw = new RawClient(server, TestAccounts.DEVELOPMENT);
  }

  @AfterAll
  final void stopServer() {
    try {
      if (server != null) {
        server.close();
      }
    } finally {
      TempDirs.delete(dataDir);
    }
  }

  /** A table name no other test uses: a letter, then 32 hex digits. */
  protected static String uniqueTableName() {
    return "t" + UUID.randomUUID().toString().replace("-", "");
  }

  /** Creates a fresh table and returns its client. */
  protected TableClient newTable() {
    return service.createTable(uniqueTableName());
  }
}
