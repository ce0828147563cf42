package dev.tabula.server;

import dev.tabula.engine.cassandra.CassandraOptions;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The {@code --cassandra-*} flags of {@code tabula serve}, used with {@code --engine cassandra}.
 * Each also comes from its {@code TABULA_CASSANDRA_*} environment variable or the {@code
 * cassandra-*} key of the config file ({@link ConfigResolver#cassandra}).
 */
final class CassandraFlags {
  @Option(
      names = "--cassandra-contact-points",
      paramLabel = "HOST:PORT[,...]",
      description = "Cassandra or ScyllaDB nodes to connect to (default 127.0.0.1:9042).")
  @Nullable String contactPoints;

  @Option(
      names = "--cassandra-datacenter",
      description = "The driver's local data center (default datacenter1).")
  @Nullable String datacenter;

  @Option(
      names = "--cassandra-keyspace",
      description = "Keyspace of Tabula's tables, created if absent (default tabula).")
  @Nullable String keyspace;

  @Option(
      names = "--cassandra-replication",
      description =
          "CQL replication map for a new keyspace (default "
              + "{'class':'SimpleStrategy','replication_factor':1}).")
  @Nullable String replication;

  @Option(
      names = "--cassandra-consistency",
      description = "Consistency of reads and writes (default QUORUM).")
  @Nullable String consistency;

  @Option(
      names = "--cassandra-serial-consistency",
      description =
          "Consistency of lightweight transactions: SERIAL or LOCAL_SERIAL (default SERIAL).")
  @Nullable String serialConsistency;

  @Option(names = "--cassandra-username", description = "User for password authentication.")
  @Nullable String username;

  @Option(
      names = "--cassandra-password",
      description = "Password (prefer env TABULA_CASSANDRA_PASSWORD: flags show in process lists).")
  @Nullable String password;

  @Option(names = "--cassandra-tls", description = "Connect with TLS, trusting the JVM's CAs.")
  @Nullable Boolean tls;

  /** Resolves the options, each from its flag or else {@code lookup(name, default)}. */
  CassandraOptions resolve(Lookup lookup) {
    CassandraOptions defaults =
        CassandraOptions.of(
            CassandraOptions.parseContactPoints(
                lookup.pick(contactPoints, "contact-points", "127.0.0.1:9042")),
            lookup.pick(datacenter, "datacenter", "datacenter1"));
    UnaryOperator<CassandraOptions> rest =
        o ->
            o.withKeyspace(lookup.pick(keyspace, "keyspace", o.keyspace()))
                .withReplication(lookup.pick(replication, "replication", o.replication()))
                .withConsistency(
                    lookup.pick(consistency, "consistency", o.consistency()),
                    lookup.pick(serialConsistency, "serial-consistency", o.serialConsistency()))
                .withTls(
                    Boolean.parseBoolean(
                        lookup.pick(tls == null ? null : tls.toString(), "tls", "false")));
    CassandraOptions options = rest.apply(defaults);
    String user = lookup.pick(username, "username", null);
    return user == null
        ? options
        : options.withCredentials(user, lookup.pick(password, "password", ""));
  }

  /** A setting's value from its flag, else the environment or config file, else a default. */
  @FunctionalInterface
  interface Lookup {
    /**
     * @param name the setting without prefix: env {@code TABULA_CASSANDRA_NAME}, file key {@code
     *     cassandra-name}
     */
    @Nullable String pick(@Nullable String flag, String name, @Nullable String fallback);
  }
}
