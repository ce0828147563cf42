package dev.tabula.engine.cassandra;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real Cassandra node the tests run against, named by the system property {@value #PROPERTY}
 * (or the environment variable {@code TABULA_CASSANDRA_CONTACT_POINT}), e.g. {@code
 * 127.0.0.1:19042} as {@code build/cassandra/node.sh} starts it. Without one, the tests that need
 * it are skipped, so the build stays green on machines without a node. One session is shared by the
 * tests of a class.
 */
final class CassandraTestCluster {
  static final String PROPERTY = "tabula.cassandra.contactPoint";
  static final String DATACENTER = "datacenter1";

  private static final AtomicInteger KEYSPACES = new AtomicInteger();
  private static CqlSession session;

  private CassandraTestCluster() {}

  /** The configured contact points, or null when no node is configured. */
  static String contactPoints() {
    String configured =
        System.getProperty(PROPERTY, System.getenv("TABULA_CASSANDRA_CONTACT_POINT"));
    return configured == null || configured.isBlank() ? null : configured;
  }

  /** Skips the calling test class unless a node is configured. */
  static void assumeNode() {
    assumeTrue(contactPoints() != null, "no Cassandra node: set -D" + PROPERTY + "=host:port");
  }

  /** Options for a keyspace no other test uses. */
  static CassandraOptions freshKeyspace() {
    String keyspace =
        "tabula_it_" + ProcessHandle.current().pid() + "_" + KEYSPACES.incrementAndGet();
    return CassandraOptions.of(CassandraOptions.parseContactPoints(contactPoints()), DATACENTER)
        .withKeyspace(keyspace);
  }

  /** The session the tests share; opened on first use. */
  static synchronized CqlSession session() {
    if (session == null) {
      session = CassandraSessions.open(freshKeyspace());
    }
    return session;
  }

  /** Closes the shared session, so the test JVM can exit. */
  static synchronized void closeSession() {
    if (session != null) {
      session.close();
      session = null;
    }
  }

  /**
   * Forgets what earlier tests stored, for the next test: the catalog and settings of the accounts
   * the engine contract uses, and the commit clock's floor (a test moves the wall clock a century
   * ahead). Entities need no cleanup: table ids are never reused, so a new table starts empty. Much
   * cheaper than a keyspace or a TRUNCATE per test, which are schema-level operations.
   */
  static void reset(String keyspace) {
    for (String table : List.of("tables", "account_settings")) {
      session()
          .execute(
              SimpleStatement.newInstance(
                  "DELETE FROM "
                      + keyspace
                      + "."
                      + table
                      + " WHERE account IN ('devstoreaccount1', 'devstoreaccount', 'other', 'nobody')"));
    }
    session()
        .execute(
            SimpleStatement.newInstance(
                "DELETE FROM " + keyspace + ".sequences WHERE name = 'commit_clock_floor'"));
  }
}
