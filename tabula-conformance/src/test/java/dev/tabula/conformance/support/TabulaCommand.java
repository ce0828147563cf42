package dev.tabula.conformance.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real {@code tabula} command ({@code java -cp <this test's classpath>
 * dev.tabula.server.TabulaCli ...}) in a JVM of its own, in a working directory of the test's
 * choosing and with only the {@code TABULA_*} (and {@code AZURITE_ACCOUNTS}) variables it gives,
 * and returns how it ended. For commands expected to end by themselves: the wait is bounded and a
 * hung process is killed.
 */
public final class TabulaCommand {
  private static final Duration LIMIT = Duration.ofSeconds(60);

  private TabulaCommand() {}

  /**
   * How the command ended.
   *
   * @param status the exit status
   * @param stdout what it printed on standard output
   * @param stderr what it printed on standard error
   */
  public record Result(int status, String stdout, String stderr) {
    /** The lines of standard error. */
    public List<String> errorLines() {
      return stderr.lines().toList();
    }
  }

  /**
   * Runs {@code tabula args...} in {@code workDir} with {@code env} added to a clean environment.
   */
  public static Result run(Path workDir, Map<String, String> env, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
    command.addAll(List.of("-cp", System.getProperty("java.class.path")));
    command.add("dev.tabula.server.TabulaCli");
    command.addAll(List.of(args));
    try {
      Path out = Files.createTempFile("tabula-out", ".txt");
      Path err = Files.createTempFile("tabula-err", ".txt");
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(workDir.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      builder
          .environment()
          .keySet()
          .removeIf(name -> name.startsWith("TABULA_") || name.equals("AZURITE_ACCOUNTS"));
      builder.environment().putAll(env);
      Process process = builder.start();
      try {
        if (!process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
          throw new IllegalStateException(
              "tabula " + String.join(" ", args) + " did not end: " + Files.readString(out));
        }
        return new Result(
            process.exitValue(),
            Files.readString(out, StandardCharsets.UTF_8),
            Files.readString(err, StandardCharsets.UTF_8));
      } finally {
        process.destroyForcibly();
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
