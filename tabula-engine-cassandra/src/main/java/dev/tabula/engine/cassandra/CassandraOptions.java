package dev.tabula.engine.cassandra;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How to reach the cluster and how to use it. Immutable; the {@code with*} methods return copies.
 *
 * @param contactPoints nodes to connect to first; the driver discovers the rest
 * @param localDatacenter the data center whose nodes the driver prefers (with SimpleSnitch: {@code
 *     datacenter1})
 * @param keyspace the keyspace holding every Tabula table; created when absent
 * @param replication the CQL replication map used when the keyspace is created, e.g. {@code
 *     {'class':'SimpleStrategy','replication_factor':3}}; an existing keyspace is left as it is
 * @param consistency the consistency level of plain reads and writes (QUORUM, LOCAL_QUORUM, ...)
 * @param serialConsistency the level of lightweight transactions (SERIAL or LOCAL_SERIAL)
 * @param username with {@code password}, plain-text authentication; null for none
 * @param password the password, or null
 * @param tls whether to connect with TLS, trusting the JVM's default trust store
 * @param requestTimeout how long one request may take before the driver gives up
 */
public record CassandraOptions(
    List<InetSocketAddress> contactPoints,
    String localDatacenter,
    String keyspace,
    String replication,
    String consistency,
    String serialConsistency,
    String username,
    String password,
    boolean tls,
    Duration requestTimeout) {

  /** The replication of a keyspace Tabula creates unless told otherwise: one replica. */
  public static final String DEFAULT_REPLICATION =
      "{'class':'SimpleStrategy','replication_factor':1}";

  public CassandraOptions {
    contactPoints = List.copyOf(contactPoints);
    Objects.requireNonNull(localDatacenter, "localDatacenter");
    Objects.requireNonNull(replication, "replication");
    Objects.requireNonNull(consistency, "consistency");
    Objects.requireNonNull(serialConsistency, "serialConsistency");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    if (contactPoints.isEmpty()) {
      throw new IllegalArgumentException("at least one contact point is needed");
    }
    if (keyspace == null || !keyspace.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
      throw new IllegalArgumentException("not a keyspace name: " + keyspace);
    }
    if ((username == null) != (password == null)) {
      throw new IllegalArgumentException("username and password go together");
    }
  }

  /** Defaults for one node: keyspace {@code tabula}, QUORUM and SERIAL, 10 s requests. */
  public static CassandraOptions of(List<InetSocketAddress> contactPoints, String datacenter) {
    return new CassandraOptions(
        contactPoints,
        datacenter,
        "tabula",
        DEFAULT_REPLICATION,
        "QUORUM",
        "SERIAL",
        null,
        null,
        false,
        Duration.ofSeconds(10));
  }

  /** Parses {@code host:port[,host:port...]}; a missing port means 9042. */
  public static List<InetSocketAddress> parseContactPoints(String text) {
    return java.util.Arrays.stream(text.split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .map(CassandraOptions::parseContactPoint)
        .toList();
  }

  private static InetSocketAddress parseContactPoint(String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    if (colon < 0) {
      return new InetSocketAddress(hostPort, 9042);
    }
    return new InetSocketAddress(
        hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
  }

  public CassandraOptions withKeyspace(String name) {
    return new CassandraOptions(
        contactPoints,
        localDatacenter,
        name,
        replication,
        consistency,
        serialConsistency,
        username,
        password,
        tls,
        requestTimeout);
  }

  public CassandraOptions withReplication(String map) {
    return new CassandraOptions(
        contactPoints,
        localDatacenter,
        keyspace,
        map,
        consistency,
        serialConsistency,
        username,
        password,
        tls,
        requestTimeout);
  }

  public CassandraOptions withConsistency(String plain, String serial) {
    return new CassandraOptions(
        contactPoints,
        localDatacenter,
        keyspace,
        replication,
        plain,
        serial,
        username,
        password,
        tls,
        requestTimeout);
  }

  public CassandraOptions withCredentials(String user, String secret) {
    return new CassandraOptions(
        contactPoints,
        localDatacenter,
        keyspace,
        replication,
        consistency,
        serialConsistency,
        user,
        secret,
        tls,
        requestTimeout);
  }

  public CassandraOptions withTls(boolean enabled) {
    return new CassandraOptions(
        contactPoints,
        localDatacenter,
        keyspace,
        replication,
        consistency,
        serialConsistency,
        username,
        password,
        enabled,
        requestTimeout);
  }

  @Override
  public String toString() {
    // Never print the password.
    return "CassandraOptions[contactPoints="
        + contactPoints
        + ", localDatacenter="
        + localDatacenter
        + ", keyspace="
        + keyspace
        + ", consistency="
        + consistency
        + "/"
        + serialConsistency
        + ", user="
        + username
        + ", tls="
        + tls
        + "]";
  }
}
