package dev.tabula.conformance.support;

import dev.tabula.server.Account;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Tabula server running in a JVM of its own ({@code java -cp <this test's classpath>
 * dev.tabula.server.TabulaCli serve --port 0 ...}), so a test can kill it as an operating system
 * would. The port is read from the {@code Tabula listening on} line; the last lines of its output
 * are kept for failure messages. Every wait is bounded.
 */
public final class ServerProcess implements AutoCloseable {
  /**
   * Exit status of a JVM killed by SIGKILL (128 + 9), as {@link Process#exitValue()} reports it.
   */
  public static final int SIGKILL_EXIT = 137;

  private static final Pattern LISTENING =
      Pattern.compile("Tabula listening on http://127\\.0\\.0\\.1:(\\d+)");
  private static final Pattern LISTENING_HTTPS =
      Pattern.compile("Tabula listening on \\S+ and https://127\\.0\\.0\\.1:(\\d+)");
  private static final Duration START_LIMIT = Duration.ofSeconds(60);
  private static final Duration EXIT_LIMIT = Duration.ofSeconds(20);
  private static final int LINES_KEPT = 100;

  /** Every line is kept up to this many, so a test can check what was logged (and how often). */
  private static final int LINES_RECORDED = 20_000;

  private final Process process;

  /**
   * Where the process writes its output, read back as it grows. A file rather than a pipe: the JDK
   * closes a pipe once the process has exited, and a reader still at it then loses the last lines
   * ("Stream closed"), such as the one a stopping server prints last.
   */
  private final Path log;

  /** Kills the server should the test's JVM end first (a build timeout): none outlives its test. */
  private final Thread reaper;

  private final Deque<String> output = new ArrayDeque<>();
  private final List<String> recorded = new ArrayList<>();
  private final CompletableFuture<Integer> port = new CompletableFuture<>();
  private final CompletableFuture<Void> outputEnded = new CompletableFuture<>();

  private ServerProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
    this.reaper = new Thread(process::destroyForcibly, "server-" + process.pid() + "-reaper");
    Runtime.getRuntime().addShutdownHook(reaper);
    Thread reader = new Thread(this::readOutput, "server-" + process.pid() + "-output");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts {@code tabula serve} on 127.0.0.1, a free port and the RocksDB engine in {@code
   * dataDir}, with {@code jvmArgs} before the main class and {@code serveArgs} after the command;
   * returns once it listens.
   */
  public static ServerProcess start(Path dataDir, List<String> jvmArgs, List<String> serveArgs) {
    return startWith(List.of(), dataDir, jvmArgs, serveArgs);
  }

  /**
   * Like {@link #start}, the {@code java} command run by {@code launcher} (a command that ends by
   * executing its arguments in its own place, such as {@code nsenter}, so that the process killed
   * is the server's).
   */
  public static ServerProcess startWith(
      List<String> launcher, Path dataDir, List<String> jvmArgs, List<String> serveArgs) {
    List<String> args =
        new ArrayList<>(List.of("--engine", "rocksdb", "--data-dir", dataDir.toString()));
    args.addAll(serveArgs);
    ServerProcess server = launch(launcher, jvmArgs, args);
    return server.awaitListening(START_LIMIT);
  }

  /**
   * Starts {@code tabula serve} on 127.0.0.1 and a free port, with {@code jvmArgs} before the main
   * class and {@code serveArgs} (the engine and its settings) after the command; returns once it
   * listens, or fails after {@code startLimit} (an engine on a remote store may first create its
   * schema there).
   */
  public static ServerProcess serve(
      List<String> jvmArgs, List<String> serveArgs, Duration startLimit) {
    return launch(List.of(), jvmArgs, serveArgs).awaitListening(startLimit);
  }

  /** Like {@link #serve(List, List, Duration)}, with {@code env} added to its environment. */
  public static ServerProcess serve(
      Map<String, String> env, List<String> jvmArgs, List<String> serveArgs, Duration startLimit) {
    return launch(List.of(), env, jvmArgs, serveArgs).awaitListening(startLimit);
  }

  private ServerProcess awaitListening(Duration startLimit) {
    try {
      port.get(startLimit.toSeconds(), TimeUnit.SECONDS);
      return this;
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      process.destroyForcibly();
      forgetReaper();
      throw new IllegalStateException("server did not start: " + lastOutput(), e);
    }
  }

  /** How a server that refused to start ended: its exit status and its last lines of output. */
  public record Exited(int status, String output) {}

  /**
   * Starts {@code tabula serve} on the RocksDB engine in {@code dataDir} like {@link #start},
   * expecting it to refuse: waits for it to exit, and fails if it listens instead.
   */
  public static Exited startExpectingRefusal(
      Path dataDir, List<String> jvmArgs, List<String> serveArgs) {
    List<String> args =
        new ArrayList<>(List.of("--engine", "rocksdb", "--data-dir", dataDir.toString()));
    args.addAll(serveArgs);
    ServerProcess server = launch(List.of(), jvmArgs, args);
    try {
      server.port.get(START_LIMIT.toSeconds(), TimeUnit.SECONDS);
      server.kill();
      throw new IllegalStateException("server started instead of refusing: " + server.lastOutput());
    } catch (ExecutionException outputEnded) {
      int status = server.awaitExit();
      server.forgetReaper();
      return new Exited(status, server.lastOutput());
    } catch (InterruptedException | TimeoutException e) {
      server.process.destroyForcibly();
      server.forgetReaper();
      throw new IllegalStateException(
          "server neither started nor exited: " + server.lastOutput(), e);
    }
  }

  private static ServerProcess launch(
      List<String> launcher, List<String> jvmArgs, List<String> serveArgs) {
    return launch(launcher, Map.of(), jvmArgs, serveArgs);
  }

  private static ServerProcess launch(
      List<String> launcher,
      Map<String, String> env,
      List<String> jvmArgs,
      List<String> serveArgs) {
    List<String> command = new ArrayList<>(launcher);
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmArgs);
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            "dev.tabula.server.TabulaCli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0"));
    command.addAll(serveArgs);
    try {
      Path log = Files.createTempFile("tabula-server", ".log");
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().putAll(env);
      return new ServerProcess(builder.start(), log);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
  }

  /** The port it listens on. */
  public int port() {
    return port.join();
  }

  /**
   * The HTTPS port, when it serves HTTPS beside HTTP ({@code --https-port}), as its banner says.
   */
  public int httpsPort() {
    for (String line : outputLines()) {
      Matcher m = LISTENING_HTTPS.matcher(line);
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
    }
    throw new IllegalStateException("the server names no HTTPS port: " + lastOutput());
  }

  /** The process id. */
  public long pid() {
    return process.pid();
  }

  /** Whether the process is still running. */
  public boolean isAlive() {
    return process.toHandle().isAlive();
  }

  /** The path-style table endpoint of an account: {@code http://127.0.0.1:PORT/account}. */
  public String endpoint(String account) {
    return "http://127.0.0.1:" + port() + "/" + account;
  }

  /** A connection string for the SDKs to reach this server as {@code account}. */
  public String connectionString(Account account) {
    return "DefaultEndpointsProtocol=http;AccountName="
        + account.name()
        + ";AccountKey="
        + account.key()
        + ";TableEndpoint="
        + endpoint(account.name())
        + ";";
  }

  /**
   * Kills the process with SIGKILL (what {@link Process#destroyForcibly()} sends on Linux and
   * macOS), without any chance to flush or close, and waits for it to be gone.
   *
   * @return the exit status: {@link #SIGKILL_EXIT} when SIGKILL ended it
   */
  public int kill() {
    process.destroyForcibly();
    int exit = awaitExit();
    forgetReaper();
    return exit;
  }

  /**
   * Sends SIGTERM (what {@link Process#destroy()} sends on Linux and macOS) and returns at once:
   * the server drains and stops by itself.
   */
  public void terminate() {
    process.destroy();
  }

  /**
   * Waits (bounded) for the process to exit and for its output to be read to the end.
   *
   * @return its exit status
   */
  public int awaitExitStatus() {
    int status = awaitExit();
    forgetReaper();
    try {
      outputEnded.get(EXIT_LIMIT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the output of server " + pid() + " did not end", e);
    }
    return status;
  }

  /** The last lines the server printed, for failure messages. */
  public synchronized String lastOutput() {
    return String.join("\n", output);
  }

  /** Every line the server has printed so far (its log, on standard error, and standard output). */
  public synchronized List<String> outputLines() {
    return List.copyOf(recorded);
  }

  /**
   * The lines printed so far that {@code wanted} matches, once there are {@code count} of them
   * (written by another thread of the server, such as the access log's, a moment after the answer);
   * fails after {@code limit}.
   */
  public List<String> awaitLines(Predicate<String> wanted, int count, Duration limit)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (true) {
      List<String> lines = outputLines().stream().filter(wanted).toList();
      if (lines.size() >= count) {
        return lines;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "expected " + count + " lines, found " + lines + " in:\n" + lastOutput());
      }
      Thread.sleep(20);
    }
  }

  /** Stops the server normally (SIGTERM, so it closes the engine), or kills it if it hangs. */
  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroy();
      try {
        if (!process.waitFor(EXIT_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
          kill();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    forgetReaper();
  }

  private void forgetReaper() {
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException shuttingDown) {
      // The JVM is exiting and runs the reaper anyway; the process is gone or going.
    }
  }

  private int awaitExit() {
    try {
      if (!process.waitFor(EXIT_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
        throw new IllegalStateException("server " + pid() + " did not exit");
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for server " + pid(), e);
    }
  }

  /** Reads the log as it grows, line by line, until the process has exited and all is read. */
  private void readOutput() {
    try (BufferedReader lines = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
      StringBuilder line = new StringBuilder();
      boolean exited = false;
      while (true) {
        int c = lines.read();
        if (c == -1) {
          if (exited) {
            break;
          }
          // Once it has exited, everything it wrote is in the file: one more pass reads the rest.
          exited = process.waitFor(10, TimeUnit.MILLISECONDS);
        } else if (c == '\n') {
          line(line.toString());
          line.setLength(0);
        } else if (c != '\r') {
          line.append((char) c);
        }
      }
      if (line.length() > 0) {
        line(line.toString());
      }
    } catch (IOException e) {
      keep("(output unreadable: " + e + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      Files.deleteIfExists(log);
    } catch (IOException e) {
      keep("(log not deleted: " + e + ")");
    }
    port.completeExceptionally(new IllegalStateException("server exited before listening"));
    outputEnded.complete(null);
  }

  private void line(String text) {
    keep(text);
    Matcher m = LISTENING.matcher(text);
    if (m.find()) {
      port.complete(Integer.parseInt(m.group(1)));
    }
  }

  private synchronized void keep(String line) {
    output.addLast(line);
    if (recorded.size() < LINES_RECORDED) {
      recorded.add(line);
    }
    if (output.size() > LINES_KEPT) {
      output.removeFirst();
    }
  }
}
