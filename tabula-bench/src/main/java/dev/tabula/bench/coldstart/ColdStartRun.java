package dev.tabula.bench.coldstart;

import dev.tabula.bench.coldstart.SecondWindows.Window;
import dev.tabula.bench.load.InsertWorkload;
import dev.tabula.bench.load.LoadRunner;
import dev.tabula.bench.load.RunBounds;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.RunStats;
import dev.tabula.bench.load.TableConnection;
import dev.tabula.bench.load.TableEndpoint;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One measured launch: waits for the server's first answer, creates a table, then sends the insert
 * load for the given time, every completed insert landing in its one-second window since the
 * launch. The windows kept are the whole seconds the load covered (the one it stopped in is left
 * out).
 */
final class ColdStartRun {
  private static final int TIMEOUT_MILLIS = 60_000;
  private static final long SECOND = 1_000_000_000L;

  private ColdStartRun() {}

  /**
   * What one launch measured.
   *
   * @param firstAnswerMillis from the launch to the first correct answer
   * @param windows the whole seconds since the launch, up to the load's end
   * @param errors what went wrong (the figures must then not be quoted)
   */
  record Result(long firstAnswerMillis, List<Window> windows, List<String> errors) {}

  static Result measure(
      ServerLaunch launch, TableEndpoint endpoint, int clients, Duration load, long answerTimeoutMs)
      throws IOException, InterruptedException {
    long firstAnswer = FirstAnswer.await(launch, endpoint, answerTimeoutMs);
    int seconds = (int) ((firstAnswer + load.toMillis()) / 1000) + 3;
    SecondWindows windows = new SecondWindows(launch.startNanos(), seconds);
    InsertWorkload inserts = ClientWarmUp.insertsOf(clients);
    RunSettings settings =
        new RunSettings(
            clients, new RunBounds(Long.MAX_VALUE, load), Duration.ZERO, TIMEOUT_MILLIS);
    List<String> errors = new ArrayList<>();
    try (TableConnection admin = new TableConnection(endpoint, TIMEOUT_MILLIS)) {
      inserts.setUp(admin, settings);
      RunStats stats = LoadRunner.run(endpoint, settings, inserts.operation(), windows);
      long end = System.nanoTime();
      errors.addAll(stats.errorReport());
      int whole = (int) ((end - launch.startNanos()) / SECOND);
      return new Result(firstAnswer, windows.first(whole), errors);
    }
  }
}
