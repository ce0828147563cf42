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
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * Starts one real server per run of a contract, on a random loopback port, with the engine and page
 * size of the run ({@link OnEveryEngine}, {@link OnEveryEngineAndPageSize}), and gives tests an SDK
 * client and a raw HTTP client for the development account. Tests isolate themselves by using fresh
 * table names, never by restarting the server.
 *
 * <p>One instance serves the runs in turn: what a contract prepares per server belongs in a
 * {@code @BeforeParameterizedClassInvocation} method (run after the server starts, once per run),
 * never in a field initializer or a {@code @BeforeAll} method, which run once for all engines.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(EngineNamedFailures.class)
public abstract class ConformanceBase {
  /** The run's engine and page size, set by the parameterized class before each run. */
  @Parameter EngineUnderTest underTest;

  protected TabulaServer server;
  protected TableServiceClient service;
  protected RawClient raw;
  private Path dataDir;

  /** The storage engine this run is against. */
  protected EngineKind engine() {
    return underTest.engine();
  }

  /** The server's page size; the paging contracts also run with small ones. */
  protected int pageSize() {
    return underTest.pageSize();
  }

  @BeforeParameterizedClassInvocation
  final void startServer() {
    dataDir = TempDirs.create("tabula-conformance-");
    ServerConfig config =
        ServerConfig.defaults()
            .withPort(0)
            .withEngine(engine(), dataDir)
            .withAccounts(TestAccounts.ALL)
            .withPageSize(pageSize());
    config = configure(config);
    // The Cassandra engine needs a cluster: CassandraNode names it, or skips the run.
    server =
        engine() == EngineKind.CASSANDRA
            ? TabulaServer.start(config, CassandraNode.openEngine())
            : TabulaServer.start(config);
    service = Clients.service(server, TestAccounts.DEVELOPMENT);
    raw = new RawClient(server, TestAccounts.DEVELOPMENT);
  }

  /**
   * The config this contract's servers start with: the run's, unless a contract needs more (TLS,
   * bearer tokens). Called once per run, before the server starts.
   */
  protected ServerConfig configure(ServerConfig config) {
    return config;
  }

  @AfterParameterizedClassInvocation
  final void stopServer() {
    try {
      if (server != null) {
        server.close();
      }
    } finally {
      // The next run (a skipped Cassandra one too) must not find this run's closed server.
      server = null;
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
