package dev.tabula.conformance.crash;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import dev.tabula.engine.cassandra.CassandraOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The three-node Cassandra cluster that {@code build/cassandra/fault-lane.sh} starts, and the
 * faults a test may inflict on it. Nodes are killed and started only through that lane's {@code
 * build/cassandra/node.sh}, which signals the PID it recorded for the node (after checking it is
 * still that node's JVM), so a test never touches a process it did not start.
 *
 * <p>Named by system properties: {@value #CONTACT_POINTS} (node N listens on 127.0.0.N) and {@value
 * #NODE_SCRIPT}; the script finds the nodes' directory and ports in the environment the lane
 * exported. Without both properties the calling test is skipped.
 */
final class ClusterNodes {
  static final String CONTACT_POINTS = "tabula.cassandra.cluster";
  static final String NODE_SCRIPT = "tabula.cassandra.nodeScript";

  private static final Duration SCRIPT_LIMIT = Duration.ofSeconds(60);
  private static final Duration START_LIMIT = Duration.ofSeconds(200);
  private static final Duration POLL = Duration.ofSeconds(1);

  private final String contactPoints;
  private final List<InetSocketAddress> nodes;
  private final Path script;

  private ClusterNodes(String contactPoints, Path script) {
    this.contactPoints = contactPoints;
    this.nodes = CassandraOptions.parseContactPoints(contactPoints);
    this.script = script;
  }

  /** The cluster the system properties name, or skips the calling test. */
  static ClusterNodes fromSystemProperties() {
    String points = System.getProperty(CONTACT_POINTS);
    String script = System.getProperty(NODE_SCRIPT);
    assumeTrue(
        points != null && !points.isBlank() && script != null && !script.isBlank(),
        "no Cassandra cluster: run build/cassandra/fault-lane.sh (sets -D"
            + CONTACT_POINTS
            + " and -D"
            + NODE_SCRIPT
            + ")");
    ClusterNodes cluster = new ClusterNodes(points, Path.of(script));
    if (cluster.nodes.size() != 3) {
      throw new IllegalArgumentException("three nodes expected, got " + points);
    }
    return cluster;
  }

  /** {@code host:port,...} of every node, for {@code --cassandra-contact-points}. */
  String contactPoints() {
    return contactPoints;
  }

  /** Node numbers other than {@code node}. */
  List<Integer> othersThan(int node) {
    List<Integer> others = new ArrayList<>();
    for (int n = 1; n <= nodes.size(); n++) {
      if (n != node) {
        others.add(n);
      }
    }
    return others;
  }

  /** SIGKILL to node {@code n}'s JVM, and waits until it is gone. */
  void kill(int n) {
    run(SCRIPT_LIMIT, "kill", Integer.toString(n));
  }

  /** Starts node {@code n} on its existing data and waits until it answers CQL. */
  void start(int n) {
    run(SCRIPT_LIMIT, "start", Integer.toString(n));
    run(START_LIMIT, "wait", Integer.toString(n), Long.toString(START_LIMIT.toSeconds() - 20));
  }

  /**
   * Waits until none of {@code holders} keeps hint files for another node ({@code
   * system_views.pending_hints}, a node-local table, read on each holder). Cassandra flushes hint
   * buffers to files every {@code hints_flush_period} (10 s by default), so a check made earlier
   * than that after the last write could miss hints still in memory: the first check is made no
   * sooner than {@code notBefore}.
   *
   * @throws IllegalStateException when hints are still pending after {@code limit}
   */
  void awaitNoPendingHints(List<Integer> holders, Instant notBefore, Duration limit)
      throws InterruptedException {
    Instant started = Instant.now();
    Instant deadline = started.plus(limit);
    long wait = Duration.between(started, notBefore).toMillis();
    if (wait > 0) {
      Thread.sleep(wait); // hint buffers reach files only on the flush period: nothing to await
    }
    try (CqlSession session =
        CqlSession.builder().addContactPoints(nodes).withLocalDatacenter("datacenter1").build()) {
      String pending = "";
      while (Instant.now().isBefore(deadline)) {
        pending = pendingHints(session, holders);
        if (pending.isEmpty()) {
          return;
        }
        Thread.sleep(POLL.toMillis());
      }
      throw new IllegalStateException("hints still pending after " + limit + ": " + pending);
    }
  }

  /** Each holder's pending hint files, as text; empty when there are none. */
  private String pendingHints(CqlSession session, List<Integer> holders) {
    StringBuilder pending = new StringBuilder();
    for (int n : holders) {
      Node node = node(session, n);
      SimpleStatement query =
          SimpleStatement.newInstance("SELECT address, files FROM system_views.pending_hints")
              .setNode(node);
      for (Row row : session.execute(query)) {
        if (row.getInt("files") > 0) {
          pending
              .append("node ")
              .append(n)
              .append(" holds ")
              .append(row.getInt("files"))
              .append(" hint file(s) for ")
              .append(row.getInetAddress("address"))
              .append("; ");
        }
      }
    }
    return pending.toString();
  }

  private Node node(CqlSession session, int n) {
    InetSocketAddress wanted = nodes.get(n - 1);
    return session.getMetadata().getNodes().values().stream()
        .filter(node -> wanted.equals(node.getEndPoint().resolve()))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("the driver does not know " + wanted));
  }

  /** Runs the node script with a hard limit, and echoes what it printed. */
  private void run(Duration limit, String... args) {
    List<String> command = new ArrayList<>(List.of(script.toString()));
    command.addAll(List.of(args));
    try {
      Path output = Files.createTempFile("node-script", ".log");
      try {
        Process process =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        boolean done = process.waitFor(limit.toSeconds(), TimeUnit.SECONDS);
        String printed = Files.readString(output, StandardCharsets.UTF_8).strip();
        System.out.println("ClusterNodeCrashIT: " + String.join(" ", args) + ": " + printed);
        if (!done) {
          process.destroyForcibly();
          throw new IllegalStateException(command + " did not finish in " + limit);
        }
        if (process.exitValue() != 0) {
          throw new IllegalStateException(command + " failed: " + printed);
        }
      } finally {
        Files.deleteIfExists(output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running " + command, e);
    }
  }
}
