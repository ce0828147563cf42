package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import javax.net.ssl.SSLContext;

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

  static CqlSession open(CassandraOptions options) {
    DriverConfigLoader config =
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
            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, RECONNECTION_MAX_DELAY)
            .build();
    CqlSessionBuilder builder =
        CqlSession.builder()
            .withConfigLoader(config)
            .withLocalDatacenter(options.localDatacenter())
            .addContactPoints(options.contactPoints());
    if (options.username() != null) {
      builder.withAuthCredentials(options.username(), options.password());
    }
    if (options.tls()) {
      builder.withSslContext(defaultSslContext());
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
