package dev.tabula.bench.coldstart;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A server under test, launched as its own process from a command in which {@code {port}} and
 * {@code {data}} stand for a free loopback port and a fresh data folder, its output to a log file.
 * The launch instant ({@link #startNanos()}) is the zero of the cold-start windows. Stopped with
 * SIGTERM to its PID (then SIGKILL after a grace period), as a user stops it.
 */
final class ServerLaunch implements AutoCloseable {
  private static final long TERM_GRACE_SECONDS = 20;

  private final Process process;
  private final long startNanos;
  private final Thread killer;

  private ServerLaunch(Process process, long startNanos) {
    this.process = process;
    this.startNanos = startNanos;
    // A bench stopped half way (timeout, Ctrl-C) stops its server too.
    this.killer = new Thread(process::destroyForcibly, "cold-start-server-killer");
    Runtime.getRuntime().addShutdownHook(killer);
  }

  /**
   * Launches {@code command} with its placeholders filled in, its output appended to {@code log}.
   */
  static ServerLaunch start(List<String> command, int port, Path data, Path log)
      throws IOException {
    List<String> filled = new ArrayList<>(command.size());
    for (String word : command) {
      filled.add(word.replace("{port}", Integer.toString(port)).replace("{data}", data.toString()));
    }
    ProcessBuilder builder =
        new ProcessBuilder(filled)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    long start = System.nanoTime();
    return new ServerLaunch(builder.start(), start);
  }

  /** The {@link System#nanoTime()} just before the process was started. */
  long startNanos() {
    return startNanos;
  }

  /** Whether the process is still running. */
  boolean alive() {
    return process.isAlive();
  }

  /**
   * The command line the process runs now, as the system reports it: after a launcher script's
   * {@code exec}, the JVM's, with the options the script chose.
   */
  String commandLine() {
    return process.info().commandLine().orElse("(not known)");
  }

  /** Stops the process: SIGTERM, then SIGKILL if it is still there after the grace period. */
  @Override
  public void close() {
    Runtime.getRuntime().removeShutdownHook(killer);
    process.destroy();
    try {
      if (!process.waitFor(TERM_GRACE_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(TERM_GRACE_SECONDS, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
