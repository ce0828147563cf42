package dev.tabula.conformance.transfer;

import dev.tabula.conformance.support.TabulaCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The real {@code tabula} command in a JVM of its own, for the tests that stop it midway: started,
 * watched until a condition holds, then sent SIGINT (as Ctrl-C does) or SIGKILL.
 */
final class ToolProcess implements AutoCloseable {
  private final Process process;
  private final Path out;
  private final Path err;

  private ToolProcess(Process process, Path out, Path err) {
    this.process = process;
    this.out = out;
    this.err = err;
  }

  static ToolProcess start(String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC"));
    command.addAll(List.of("-cp", System.getProperty("java.class.path")));
    command.add("dev.tabula.server.TabulaCli");
    command.addAll(List.of(args));
    try {
      Path out = Files.createTempFile("tabula-out", ".txt");
      Path err = Files.createTempFile("tabula-err", ".txt");
      Process process =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      return new ToolProcess(process, out, err);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits until {@code condition} holds (polled every 5 ms); fails if the process ends first. */
  void awaitWhileRunning(BooleanSupplier condition, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (!process.isAlive()) {
        throw new IllegalStateException("the command ended first: " + stderr());
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the condition did not hold in " + limit);
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** Sends SIGINT, as Ctrl-C in a terminal does. */
  void interrupt() {
    try {
      Process kill =
          new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start();
      kill.waitFor();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Sends SIGKILL: the process ends at once, whatever it was doing. */
  void kill() {
    process.destroyForcibly();
  }

  /** How the command ended. */
  TabulaCommand.Result await() {
    try {
      if (!process.waitFor(90, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("the command did not end: " + stderr());
      }
      return new TabulaCommand.Result(
          process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), stderr());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String stderr() {
    try {
      return Files.readString(err, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(unreadable: " + e + ")";
    }
  }

  @Override
  public void close() throws IOException {
    process.destroyForcibly();
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
  }
}
