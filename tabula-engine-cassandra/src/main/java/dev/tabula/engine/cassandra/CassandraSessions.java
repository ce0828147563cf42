package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import io.micrometer.core.instrument.MeterRegistry;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.jspecify.annotations.Nullable;

/** Opens driver sessions configured from {@link CassandraOptions}. */
final class CassandraSessions {
  /** Schema changes on a busy cluster take longer than ordinary requests. */
  static final Duration SCHEMA_TIMEOUT = Duration.ofSeconds(60);

  private CassandraSessions() {}

  /**
   * The native protocol version, pinned: with v5, Cassandra 4.0+ adds a {@code contentions} field
   * to a CAS write timeout that the driver's protocol codec (native-protocol 1.5.2, in driver
   * 4.19.2) does not read. The two bytes left over are then decoded as the next frame, which fails,
   * and the driver closes the connection and aborts every request in flight on it. Seen here: each
   * contended lightweight transaction that timed out cost the node's only connection and answered
   * its neighbours' requests with ClosedConnectionException, then NodeUnavailableException until
   * the pool reconnected. Version 4 has no such field; Tabula uses nothing v5 adds.
   */
  static final String PROTOCOL_VERSION = "V4";

  /**
   * How long a connection may go without reading anything before the driver probes it, and how long
   * the probe may take. A node that is frozen (a stopped process, a lost network) accepts what is
   * sent and answers nothing; until a probe fails, every request sent to it waits out the request
   * timeout, one after another for the statements of an operation: with the driver's 30 s and 5 s,
   * a point read took 30 s (three statements) in CassandraOutageIT. With 3 s and 3 s the node is
   * given up within about 6 s of its last answer, and requests are then answered 503 at once
   * (docs/robustness.md). The probe is sent only on a connection that has read nothing for the
   * interval, so a busy node is never probed; a probe costs one tiny message.
   */
  static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(3);

  static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(3);

  /**
   * The longest wait between attempts to reconnect to a down node (the driver's default is 60 s):
   * once the node is back, the server uses it again within this.
   */
  static final Duration RECONNECTION_MAX_DELAY = Duration.ofSeconds(5);

  /**
   * The driver's session-wide metrics kept when a registry is given: requests (a timer), client
   * timeouts, throttling refusals, nodes connected, bytes (see the driver's reference.conf).
   */
  static final List<String> SESSION_METRICS =
      List.of(
          "cql-requests",
          "cql-client-timeouts",
          "throttling.errors",
          "connected-nodes",
          "bytes-sent",
          "bytes-received");

  /**
   * The driver's per-node metrics kept when a registry is given: connections, requests in flight,
   * retries, and each kind of request and connection error.
   */
  static final List<String> NODE_METRICS =
      List.of(
          "pool.open-connections",
          "pool.in-flight",
          "retries.total",
          "errors.request.unsent",
          "errors.request.aborted",
          "errors.request.write-timeouts",
          "errors.request.read-timeouts",
          "errors.request.unavailables",
          "errors.request.others",
          "errors.connection.init");

  static CqlSession open(CassandraOptions options) {
    return open(options, null);
  }

  /**
   * A session on the options' cluster; with {@code registry}, the driver's own metrics ({@link
   * #SESSION_METRICS}, {@link #NODE_METRICS}) are registered there through Micrometer, named {@code
   * tabula.cassandra.session.*} and {@code tabula.cassandra.nodes.*} and tagged with the session
   * and node.
   */
  static CqlSession open(CassandraOptions options, @Nullable MeterRegistry registry) {
    ProgrammaticDriverConfigLoaderBuilder loader =
        DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.PROTOCOL_VERSION, PROTOCOL_VERSION)
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, options.requestTimeout())
            .withString(DefaultDriverOption.REQUEST_CONSISTENCY, options.consistency())
            .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, options.serialConsistency())
            .withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, 1000)
            .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, SCHEMA_TIMEOUT)
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, SCHEMA_TIMEOUT)
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
            .withDuration(DefaultDriverOption.HEARTBEAT_INTERVAL, HEARTBEAT_INTERVAL)
            .withDuration(DefaultDriverOption.HEARTBEAT_TIMEOUT, HEARTBEAT_TIMEOUT)
            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, RECONNECTION_MAX_DELAY);
    if (registry != null) {
      loader
          .withString(DefaultDriverOption.METRICS_FACTORY_CLASS, "MicrometerMetricsFactory")
          .withString(DefaultDriverOption.METRICS_ID_GENERATOR_CLASS, "TaggingMetricIdGenerator")
          .withString(DefaultDriverOption.METRICS_ID_GENERATOR_PREFIX, "tabula.cassandra")
          .withStringList(DefaultDriverOption.METRICS_SESSION_ENABLED, SESSION_METRICS)
          .withStringList(DefaultDriverOption.METRICS_NODE_ENABLED, NODE_METRICS);
    }
    CqlSessionBuilder builder =
        CqlSession.builder()
            .withConfigLoader(loader.build())
            .withLocalDatacenter(options.localDatacenter())
            .addContactPoints(options.contactPoints());
    if (options.username() != null) {
      builder.withAuthCredentials(options.username(), options.password());
    }
    if (options.tls()) {
      builder.withSslContext(defaultSslContext());
    }
    if (registry != null) {
      builder.withMetricRegistry(registry);
    }
    return builder.build();
  }

  private static SSLContext defaultSslContext() {
    try {
      return SSLContext.getDefault();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no default TLS context", e);
    }
  }
}
