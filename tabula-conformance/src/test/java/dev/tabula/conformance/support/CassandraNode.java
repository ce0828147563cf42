package dev.tabula.conformance.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.cassandra.CassandraOptions;
import dev.tabula.engine.cassandra.CassandraStorageEngine;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Cassandra node the contracts' Cassandra runs and the {@code Cassandra*IT} classes use, named
 * by the system property {@value #PROPERTY} (or env {@code TABULA_CASSANDRA_CONTACT_POINT}), e.g.
 * {@code 127.0.0.1:19042} as {@code build/cassandra/node.sh} starts it. Without one they are
 * skipped.
 */
public final class CassandraNode {
  public static final String PROPERTY = "tabula.cassandra.contactPoint";
  private static final AtomicInteger KEYSPACES = new AtomicInteger();

  private CassandraNode() {}

  /** Opens the engine on a keyspace of its own, or skips the calling test class or run. */
  public static StorageEngine openEngine() {
    return CassandraStorageEngine.open(options());
  }

  /** As {@link #openEngine()}, with the driver's metrics on {@code registry}. */
  public static StorageEngine openEngine(MeterRegistry registry) {
    return CassandraStorageEngine.open(options(), registry);
  }

  private static CassandraOptions options() {
    String contactPoints =
        System.getProperty(PROPERTY, System.getenv("TABULA_CASSANDRA_CONTACT_POINT"));
    assumeTrue(
        contactPoints != null && !contactPoints.isBlank(),
        "no Cassandra node: set -D" + PROPERTY + "=host:port");
    String keyspace =
        "tabula_conformance_" + ProcessHandle.current().pid() + "_" + KEYSPACES.incrementAndGet();
    return CassandraOptions.of(CassandraOptions.parseContactPoints(contactPoints), "datacenter1")
        .withKeyspace(keyspace);
  }
}
