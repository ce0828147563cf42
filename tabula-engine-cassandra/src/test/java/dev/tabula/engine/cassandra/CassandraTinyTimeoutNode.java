package dev.tabula.engine.cassandra;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.StorageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The Cassandra lane's second node: a cluster of its own whose write and CAS contention timeouts
 * are 10 ms (Cassandra's floor), so that contended lightweight transactions time out for real.
 * Reads keep Cassandra's default timeout: with 10 ms, the SERIAL reads that open the engine and
 * resolve an unknown outcome timed out as well, under this machine's load. {@code
 * build/cassandra/ci-lane.sh} starts it and names it by system properties: {@value #CONTACT_POINT}
 * (host:port), {@value #DIRECTORY} (its {@code TABULA_CASSANDRA_DIR}) and {@value #NODE_SCRIPT}. A
 * test may kill it, only through that script, which signals the PID it recorded after checking it
 * is still that node's JVM. Without the properties the calling test is skipped.
 */
final class CassandraTinyTimeoutNode {
  static final String CONTACT_POINT = "tabula.cassandra.tinyTimeoutNode";
  static final String DIRECTORY = "tabula.cassandra.tinyTimeoutNodeDir";
  static final String NODE_SCRIPT = "tabula.cassandra.nodeScript";

  /** How long set-up and check-up steps keep trying through the node's timeouts. */
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  private static final Duration SCRIPT_LIMIT = Duration.ofSeconds(60);

  private final String contactPoint;
  private final String directory;
  private final Path script;

  private CassandraTinyTimeoutNode(String contactPoint, String directory, Path script) {
    this.contactPoint = contactPoint;
    this.directory = directory;
    this.script = script;
  }

  /** The node the system properties name, or skips the calling test. */
  static CassandraTinyTimeoutNode fromSystemProperties() {
    String point = System.getProperty(CONTACT_POINT);
    String dir = System.getProperty(DIRECTORY);
    String script = System.getProperty(NODE_SCRIPT);
    assumeTrue(
        present(point) && present(dir) && present(script),
        "no node with tiny timeouts: run build/cassandra/ci-lane.sh (sets -D"
            + CONTACT_POINT
            + ", -D"
            + DIRECTORY
            + " and -D"
            + NODE_SCRIPT
            + ")");
    return new CassandraTinyTimeoutNode(point, dir, Path.of(script));
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  /** Opens an engine on a fresh keyspace, trying again while the node's timeouts get in the way. */
  CassandraStorageEngine openEngine() {
    CassandraOptions options =
        CassandraOptions.of(
                CassandraOptions.parseContactPoints(contactPoint), CassandraTestCluster.DATACENTER)
            .withKeyspace("tabula_failures_" + ProcessHandle.current().pid());
    return patiently(() -> CassandraStorageEngine.open(options), RuntimeException.class);
  }

  /**
   * Runs {@code step} until it returns, for at most {@link #PATIENCE}, while it fails with a {@code
   * retryable} exception that is not a StorageException, or with OUTCOME_UNKNOWN or UNAVAILABLE
   * (500 OperationTimedOut or 503 ServerBusy to clients): for set-up and check-up steps, never for
   * the behaviour under test.
   */
  static <T> T patiently(Supplier<T> step, Class<? extends RuntimeException> retryable) {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (true) {
      try {
        return step.get();
      } catch (StorageException e) {
        if (e.kind() != StorageException.Kind.OUTCOME_UNKNOWN
                && e.kind() != StorageException.Kind.UNAVAILABLE
            || System.nanoTime() - deadline > 0) {
          throw e;
        }
      } catch (RuntimeException e) {
        if (!retryable.isInstance(e) || System.nanoTime() - deadline > 0) {
          throw e;
        }
      }
    }
  }

  /** SIGKILL to the node's JVM, through the node script; returns once the process is gone. */
  void kill() {
    List<String> command = List.of(script.toString(), "kill", "1");
    try {
      Path output = Files.createTempFile("node-script", ".log");
      try {
        ProcessBuilder builder =
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("TABULA_CASSANDRA_DIR", directory);
        Process process = builder.start();
        boolean done = process.waitFor(SCRIPT_LIMIT.toSeconds(), TimeUnit.SECONDS);
        String printed = Files.readString(output, StandardCharsets.UTF_8).strip();
        if (!done) {
          process.destroyForcibly();
          throw new IllegalStateException(command + " did not finish in " + SCRIPT_LIMIT);
        }
        if (process.exitValue() != 0 || !printed.contains("killed")) {
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
