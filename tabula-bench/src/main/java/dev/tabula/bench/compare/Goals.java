package dev.tabula.bench.compare;

import dev.tabula.bench.baseline.RocksSyncedPuts;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Issue 6's goals, checked against the report and printed as met / not met. Most are a ratio of the
 * first target's median to the second's (Tabula/Azurite) measured in the same run; the table delete
 * is a time on the first target; the two ceilings are the first target's median over a baseline's
 * at the same concurrency in the same rounds (point reads over the minimal Netty server's, single
 * inserts over RocksDB's synced puts). A goal whose figures were not measured is printed as such.
 */
final class Goals {
  /** What a goal's figure is measured against. */
  sealed interface Reference permits Rival, Absolute, Baseline {}

  /** The second target's median of the same workload and metric. */
  record Rival() implements Reference {}

  /** Nothing: the first target's median itself is the figure. */
  record Absolute() implements Reference {}

  /** A baseline's median of its own workload, same metric. */
  record Baseline(String name, String workload) implements Reference {}

  /**
   * One goal.
   *
   * @param workload the workload name as reported
   * @param metric the metric compared
   * @param bound the ratio (or, when absolute, the value) to reach
   * @param higher whether the figure must be at least the bound (else at most)
   * @param against what the first target's median is divided by
   * @param text what the goal says
   */
  record Goal(
      String workload,
      String metric,
      double bound,
      boolean higher,
      Reference against,
      String text) {}

  /**
   * A goal as measured.
   *
   * @param figure the ratio (or absolute value) judged, NaN when not measured
   * @param measured the first target's median
   * @param reference what it was divided by, NaN for an absolute goal
   * @param referenceName the target or baseline divided by, or null
   */
  record Verdict(
      Goal goal, double figure, double measured, double reference, String referenceName) {
    /** Whether the figure reaches the bound; false when not measured. */
    boolean met() {
      return !Double.isNaN(figure)
          && (goal.higher() ? figure >= goal.bound() : figure <= goal.bound());
    }

    String text() {
      return Double.isNaN(figure) ? "not measured" : met() ? "met" : "NOT MET";
    }
  }

  static final List<Goal> ALL =
      List.of(
          ratio("insert c=1", "ops/s", 3, "single inserts, 1 client: >= 3x"),
          ratio("insert c=16", "ops/s", 3, "single inserts, 16 clients: >= 3x"),
          ratio("insert c=64", "ops/s", 3, "single inserts, 64 clients: >= 3x"),
          ratio("batch100 c=4", "entities/s", 3, "$batch of 100 inserts: >= 3x"),
          ratio("point read c=1", "ops/s", 3, "point reads at 10k, 1 client: >= 3x"),
          ratio("point read c=16", "ops/s", 3, "point reads at 10k, 16 clients: >= 3x"),
          ratio("partition query c=1", "entities/s", 3, "partition queries at 10k: >= 3x"),
          ratio("upsert hot4 c=16", "ops/s", 3, "upserts on 4 hot keys: >= 3x"),
          new Goal(
              "scan 100k",
              "p50 ms",
              1,
              false,
              new Rival(),
              "filtered scan of 100k in memory: parity (time <= 1x)"),
          ratio("point read c=1 @1M", "ops/s", 20, "point reads at 1M: >= 20x"),
          ratio("partition query c=1 @1M", "entities/s", 20, "partition queries at 1M: >= 20x"),
          new Goal(
              "delete table 1M",
              "p50 ms",
              1000,
              false,
              new Absolute(),
              "delete of a 1M-entity table: < 1 s"));

  /** Point reads at a concurrency, as the point-read workload names its runs. */
  private static final Pattern POINT_READ = Pattern.compile("point read c=(\\d+)");

  /** Single inserts at a concurrency. */
  private static final Pattern INSERT = Pattern.compile("insert c=(\\d+)");

  private Goals() {}

  private static Goal ratio(String workload, String metric, double bound, String text) {
    return new Goal(workload, metric, bound, true, new Rival(), text);
  }

  /**
   * The ceiling goals for the point-read and insert concurrencies that ran: point reads at least
   * half the minimal Netty server's rate, durable single inserts at least 70% of RocksDB's synced
   * puts, each at the same concurrency.
   */
  static List<Goal> ceilings(ComparisonReport report) {
    List<Goal> goals = new ArrayList<>();
    for (String workload : report.workloads()) {
      Matcher read = POINT_READ.matcher(workload);
      Matcher insert = INSERT.matcher(workload);
      if (read.matches()) {
        goals.add(
            new Goal(
                workload,
                "ops/s",
                0.5,
                true,
                new Baseline(Baselines.NETTY, workload),
                "point reads, " + clients(read.group(1)) + ": >= 0.5x minimal Netty"));
      } else if (insert.matches()) {
        String puts = RocksSyncedPuts.workloadName(Integer.parseInt(insert.group(1)));
        goals.add(
            new Goal(
                workload,
                "ops/s",
                0.7,
                true,
                new Baseline(Baselines.ROCKSDB, puts),
                "durable inserts, " + clients(insert.group(1)) + ": >= 0.7x RocksDB synced puts"));
      }
    }
    return goals;
  }

  private static String clients(String count) {
    return count.equals("1") ? "1 client" : count + " clients";
  }

  /** Every goal whose workload ran on the first target, measured. */
  static List<Verdict> evaluate(ComparisonReport report) {
    List<Goal> goals = new ArrayList<>(ALL);
    goals.addAll(ceilings(report));
    String first = report.targets().get(0);
    List<Verdict> verdicts = new ArrayList<>();
    for (Goal goal : goals) {
      if (report.runs(goal.workload(), first) == 0) {
        continue;
      }
      double measured = report.median(goal.workload(), goal.metric(), first);
      String name = null;
      double reference = Double.NaN;
      if (goal.against() instanceof Baseline baseline) {
        name = baseline.name();
        reference = report.median(baseline.workload(), goal.metric(), name);
      } else if (goal.against() instanceof Rival && report.targets().size() >= 2) {
        name = report.targets().get(1);
        reference = report.median(goal.workload(), goal.metric(), name);
      }
      double figure = goal.against() instanceof Absolute ? measured : measured / reference;
      verdicts.add(new Verdict(goal, figure, measured, reference, name));
    }
    return verdicts;
  }

  /**
   * Prints each goal whose workload was run: the figure, the bound, met / not met and what was
   * divided.
   */
  static void print(ComparisonReport report, PrintStream out) {
    List<String> targets = report.targets();
    out.printf(
        "%n== goals (issue 6), %s ==%n",
        targets.size() < 2 ? targets.get(0) : targets.get(0) + "/" + targets.get(1));
    for (Verdict verdict : evaluate(report)) {
      String division =
          verdict.referenceName() == null
              ? ""
              : String.format(
                  Locale.ROOT,
                  "  (%s %.1f / %s %.1f)",
                  targets.get(0),
                  verdict.measured(),
                  verdict.referenceName(),
                  verdict.reference());
      out.printf(
          Locale.ROOT,
          "%-56s %-10s %10.2f  %-12s%s%n",
          verdict.goal().text(),
          verdict.goal().metric(),
          verdict.figure(),
          verdict.text(),
          division);
    }
  }
}
