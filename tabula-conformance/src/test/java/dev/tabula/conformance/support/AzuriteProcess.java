package dev.tabula.conformance.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The pinned Azurite (bench/azurite, installed by {@code build/azurite/install.sh}) running its
 * Table service in a process of its own on a free loopback port, in memory: a second, independent
 * implementation of the Table API for tests that move data between endpoints. Stopped by its PID
 * and its process tree (node may start helpers). When Azurite is not installed, a CI run ({@code
 * CI=true}) fails and a local run is skipped, both saying how to install it.
 */
public final class AzuriteProcess implements AutoCloseable {
  /**
   * The development account's well-known key, which Azurite serves {@code devstoreaccount1} with.
   */
  private static final String DEVELOPMENT_KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  private static final Duration START_LIMIT = Duration.ofSeconds(60);
  private static final Duration STOP_LIMIT = Duration.ofSeconds(10);

  private final Process process;
  private final int port;
  private final Path log;
  private final Thread reaper;

  private AzuriteProcess(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
    this.reaper = new Thread(this::destroyTree, "azurite-" + process.pid() + "-reaper");
    Runtime.getRuntime().addShutdownHook(reaper);
  }

  /**
   * Starts Azurite's Table service on 127.0.0.1 and a free port and returns once it answers HTTP
   * requests; fails (CI) or skips (locally) when Azurite is not installed.
   */
  public static AzuriteProcess start() {
    Path bin = executable();
    String missing =
        "Azurite is not installed at "
            + bin
            + ": run build/azurite/install.sh (npm ci of the pinned version in bench/azurite)";
    if (!Files.isExecutable(bin)) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(missing);
      }
      assumeTrue(false, missing);
    }
    try {
      int port = freePort();
      Path log = Files.createTempFile("azurite-table", ".log");
      List<String> command =
          List.of(
              bin.toString(),
              "--tableHost",
              "127.0.0.1",
              "--tablePort",
              Integer.toString(port),
              "--inMemoryPersistence",
              "--disableTelemetry",
              "--silent");
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      AzuriteProcess azurite = new AzuriteProcess(process, port, log);
      azurite.awaitAnswering();
      return azurite;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start Azurite at " + bin, e);
    }
  }

  /**
   * bench/azurite/node_modules/.bin/azurite-table of the work tree, found from the module's
   * directory (Maven runs tests there) upwards.
   */
  private static Path executable() {
    Path relative = Path.of("bench", "azurite", "node_modules", ".bin", "azurite-table");
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      if (Files.isDirectory(dir.resolve("bench").resolve("azurite"))) {
        return dir.resolve(relative);
      }
      dir = dir.getParent();
    }
    return Path.of("").toAbsolutePath().resolve("..").resolve(relative).normalize();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private void awaitAnswering() {
    long deadline = System.nanoTime() + START_LIMIT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        close();
        throw new IllegalStateException("Azurite exited at start: " + output());
      }
      try {
        // Any HTTP answer will do (an unsigned request gets 403): the Table service is up.
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(endpoint() + "/Tables"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                HttpResponse.BodyHandlers.discarding());
        return;
      } catch (IOException notYet) {
        sleep();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
        throw new IllegalStateException("interrupted while Azurite starts", e);
      }
    }
    close();
    throw new IllegalStateException("Azurite did not answer in " + START_LIMIT + ": " + output());
  }

  private static void sleep() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while Azurite starts", e);
    }
  }

  /** The path-style endpoint of the development account. */
  public String endpoint() {
    return "http://127.0.0.1:" + port + "/devstoreaccount1";
  }

  /** The connection string of the development account on this Azurite. */
  public String connectionString() {
    return "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey="
        + DEVELOPMENT_KEY
        + ";TableEndpoint="
        + endpoint()
        + ";";
  }

  /** The process id of Azurite's node process. */
  public long pid() {
    return process.pid();
  }

  /** What Azurite printed so far, for failure messages. */
  public String output() {
    try {
      return Files.readString(log, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(Azurite's output unreadable: " + e + ")";
    }
  }

  /** Stops Azurite and every process it started (SIGTERM, then SIGKILL), by PID. */
  @Override
  public void close() {
    destroyTree();
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException shuttingDown) {
      // The JVM is exiting and runs the reaper anyway.
    }
    try {
      Files.deleteIfExists(log);
    } catch (IOException ignored) {
      // A temp file left behind is harmless.
    }
  }

  private void destroyTree() {
    List<ProcessHandle> tree =
        Stream.concat(process.toHandle().descendants(), Stream.of(process.toHandle())).toList();
    tree.forEach(ProcessHandle::destroy);
    for (ProcessHandle handle : tree) {
      try {
        handle.onExit().get(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (ExecutionException | TimeoutException notGone) {
        handle.destroyForcibly();
      } catch (InterruptedException e) {
        handle.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
