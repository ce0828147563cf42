package dev.tabula.bench.coldstart;

import dev.tabula.bench.coldstart.SecondWindows.Window;
import dev.tabula.bench.load.TableEndpoint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The cold-start bench's command line (issue 25): warms its own load client, launches the server
 * command given after {@code --} ({@code {port}} and {@code {data}} filled in with a free loopback
 * port and a fresh data folder), and prints the insert rate of each one-second window since the
 * launch, the time to the first answer, the warm rate and the first second at 80% of it. Then stops
 * the server (SIGTERM to its PID) and removes the data folder. Exits 1 on any error. An option
 * given twice takes its last value, so a script can add defaults before the caller's options.
 *
 * <p>{@code java -cp benchmarks.jar dev.tabula.bench.coldstart.ColdStartMain --label tabula -- java
 * -jar tabula.jar serve --port {port} --data-dir {data}}
 */
@Command(
    name = "cold-start",
    mixinStandardHelpOptions = true,
    description = "Launch a Table server and measure its first seconds under an insert load.")
public final class ColdStartMain implements Callable<Integer> {
  @Option(names = "--label", description = "The variant's name in the output (default server).")
  String label = "server";

  @Option(names = "--clients", description = "Clients, one request in flight each (default 16).")
  int clients = 16;

  @Option(names = "--seconds", description = "Seconds of load after the first answer (default 30).")
  int seconds = 30;

  @Option(names = "--client-warmup", description = "Seconds warming the client first (default 10).")
  int clientWarmup = 10;

  @Option(names = "--answer-timeout", description = "Seconds to wait for a first answer (60).")
  int answerTimeout = 60;

  @Option(
      names = "--answer-only",
      description = "Only time the first answer, then stop the server: no load.")
  boolean answerOnly;

  @Option(names = "--log", description = "The server's output goes here (default server.log).")
  Path log = Path.of("server.log");

  @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The server's command line.")
  List<String> command = new ArrayList<>();

  public static void main(String[] args) {
    System.exit(
        new CommandLine(new ColdStartMain()).setOverwrittenOptionsAllowed(true).execute(args));
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    long warmOps = ClientWarmUp.run(clients, Duration.ofSeconds(clientWarmup));
    System.out.printf(
        "# %s: client warmed with %d inserts in %d s%n", label, warmOps, clientWarmup);
    int port = freePort();
    Path data = Files.createTempDirectory("tabula-cold-start");
    ColdStartRun.Result result;
    try (ServerLaunch launch = ServerLaunch.start(command, port, data, log)) {
      if (answerOnly) {
        long millis =
            FirstAnswer.await(
                launch, TableEndpoint.development("127.0.0.1", port), answerTimeout * 1000L);
        System.out.printf(
            "answer %s first_answer_ms=%d loadavg=%s%n", label, millis, loadAverage());
        return 0;
      }
      result =
          ColdStartRun.measure(
              launch,
              TableEndpoint.development("127.0.0.1", port),
              clients,
              Duration.ofSeconds(seconds),
              answerTimeout * 1000L);
      System.out.printf("# %s: ran %s%n", label, launch.commandLine());
    } finally {
      deleteTree(data);
    }
    print(result);
    return result.errors().isEmpty() ? 0 : 1;
  }

  private void print(ColdStartRun.Result result) {
    StringBuilder rates = new StringBuilder();
    for (Window w : result.windows()) {
      System.out.printf(
          "%s second %2d: %6d ops/s p50 %.2f ms%n",
          label, w.second(), w.operations(), w.p50Micros() / 1000.0);
      rates.append(rates.length() == 0 ? "" : ",").append(w.operations());
    }
    ColdStartSummary summary = ColdStartSummary.of(result.firstAnswerMillis(), result.windows());
    System.out.printf(
        "summary %s first_answer_ms=%d warm_ops=%d reached_80_s=%d loadavg=%s rates=%s%n",
        label,
        summary.firstAnswerMillis(),
        summary.warmRate(),
        summary.secondReached(),
        loadAverage(),
        rates);
    for (String error : result.errors()) {
      System.out.println("error " + label + ": " + error);
    }
  }

  private static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return fields[0] + "/" + fields[1] + "/" + fields[2];
    } catch (IOException e) {
      return "?";
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
