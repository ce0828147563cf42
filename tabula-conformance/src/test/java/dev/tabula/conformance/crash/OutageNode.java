package dev.tabula.conformance.crash;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A single Cassandra node, a cluster of its own, that a test may freeze, kill, restart and run out
 * of disk: {@code build/cassandra/fault-lane.sh} starts it beside the three-node cluster and names
 * it by system properties: {@value #CONTACT_POINT} (host:port), {@value #SCRIPT} (a wrapper of
 * {@code build/cassandra/node.sh} with this node's directory and ports, so the node is signalled
 * only by the PID that script recorded) and, when the lane could mount one (as root), {@value
 * #DISK}: a small tmpfs holding the node's data and commit log. Without the first two the calling
 * test is skipped.
 */
final class OutageNode {
  static final String CONTACT_POINT = "tabula.cassandra.outageNode";
  static final String SCRIPT = "tabula.cassandra.outageNodeScript";
  static final String DISK = "tabula.cassandra.outageNodeDisk";

  private static final Duration SCRIPT_LIMIT = Duration.ofSeconds(60);
  private static final Duration START_LIMIT = Duration.ofSeconds(200);

  private final String contactPoint;
  private final Path script;
  private final Path disk;

  private OutageNode(String contactPoint, Path script, Path disk) {
    this.contactPoint = contactPoint;
    this.script = script;
    this.disk = disk;
  }

  /** The node the system properties name, or skips the calling test. */
  static OutageNode fromSystemProperties() {
    String point = System.getProperty(CONTACT_POINT);
    String script = System.getProperty(SCRIPT);
    String disk = System.getProperty(DISK);
    assumeTrue(
        present(point) && present(script),
        "no outage node: run"
            + " build/cassandra/fault-lane.sh (sets -D"
            + CONTACT_POINT
            + " and -D"
            + SCRIPT
            + ")");
    return new OutageNode(point, Path.of(script), present(disk) ? Path.of(disk) : null);
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  String contactPoint() {
    return contactPoint;
  }

  /** The tmpfs under the node's data and commit log, or null when the lane could not mount it. */
  Path disk() {
    return disk;
  }

  /** SIGSTOP: the node's sockets stay open, and nothing on them is answered. */
  void pause() {
    run(SCRIPT_LIMIT, "pause", "1");
  }

  /** SIGCONT after {@link #pause}. */
  void resume() {
    run(SCRIPT_LIMIT, "resume", "1");
  }

  /** SIGKILL, and waits until the process is gone. */
  void kill() {
    run(SCRIPT_LIMIT, "kill", "1");
  }

  /** Starts the node on its data and waits until it answers CQL. */
  void start() {
    run(SCRIPT_LIMIT, "start", "1");
    run(START_LIMIT, "wait", "1", Long.toString(START_LIMIT.toSeconds() - 20));
  }

  /** Runs the node script with a hard limit, and echoes what it printed. */
  private void run(Duration limit, String... args) {
    List<String> command = new ArrayList<>(List.of(script.toString()));
    command.addAll(List.of(args));
    try {
      Path output = Files.createTempFile("outage-node", ".log");
      try {
        Process process =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        boolean done = process.waitFor(limit.toSeconds(), TimeUnit.SECONDS);
        String printed = Files.readString(output, StandardCharsets.UTF_8).strip();
        System.out.println("OutageNode: " + String.join(" ", args) + ": " + printed);
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
