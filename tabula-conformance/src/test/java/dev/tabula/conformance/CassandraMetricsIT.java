package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.CassandraNode;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.engine.StorageEngine;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.telemetry.Telemetry;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * On the Cassandra engine, the driver's own metrics (requests, connected nodes, connections per
 * node, errors) reach the server's registry, registered as the session is built. Runs in the
 * Cassandra lane ({@code -Dtabula.cassandra.contactPoint}); skipped without a node.
 */
class CassandraMetricsIT {
  @Test
  void sdkTraffic_showsInTheDriversMetrics() {
    Telemetry telemetry = new Telemetry();
    StorageEngine engine = CassandraNode.openEngine(telemetry.registry());
    ServerConfig config =
        ServerConfig.defaults().withPort(0).withEngine(EngineKind.CASSANDRA, Path.of("unused"));
    try (TabulaServer server = TabulaServer.start(config, engine, telemetry)) {
      TableClient table = Clients.service(server, TestAccounts.DEVELOPMENT).createTable("driver");
      for (int i = 0; i < 5; i++) {
        table.createEntity(new TableEntity("p", "r" + i));
      }
      table.getEntity("p", "r0");
      MeterRegistry registry = server.telemetry().registry();

      assertThat(registry.get("tabula.cassandra.session.cql-requests").timer().count())
          .isGreaterThanOrEqualTo(6);
      assertThat(registry.get("tabula.cassandra.session.connected-nodes").gauge().value())
          .isGreaterThanOrEqualTo(1);
      assertThat(registry.get("tabula.cassandra.nodes.pool.open-connections").gauge().value())
          .isGreaterThanOrEqualTo(1);
      assertThat(registry.get("tabula.cassandra.session.cql-client-timeouts").counter().count())
          .isZero();
      assertThat(server.telemetry().registry().scrape())
          .contains(
              "tabula_cassandra_session_cql_requests_seconds_count{",
              "tabula_cassandra_nodes_pool_open_connections{");
    }
  }
}
