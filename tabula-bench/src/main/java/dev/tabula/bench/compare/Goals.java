package dev.tabula.bench.compare;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Issue 6's goals, each a ratio of the first target's median to the second's measured in the same
 * run (or, for the table delete, a time on the first target), checked against the report and
 * printed as met / not met. A goal whose figures were not measured is printed as such.
 */
final class Goals {
  /**
   * One goal.
   *
   * @param workload the workload name as reported
   * @param metric the metric compared
   * @param bound the ratio (or, when {@code absolute}, the value) to reach
   * @param higher whether the figure must be at least the bound (else at most)
   * @param absolute whether the bound applies to the first target's median itself, not a ratio
   * @param text what the goal says
   */
  record Goal(String workload, String metric, double bound, boolean higher, boolean absolute, String text) {}

  static final List<Goal> ALL = List.of(
      ratio("insert c=1", "ops/s", 3, "single inserts, 1 client: >= 3x"),
      ratio("insert c=16", "ops/s", 3, "single inserts, 16 clients: >= 3x"),
      ratio("insert c=64", "ops/s", 3, "single inserts, 64 clients: >= 3x"),
      ratio("batch100 c=4", "entities/s", 3, "$batch of 100 inserts: >= 3x"),
      ratio("point read c=1", "ops/s", 3, "point reads at 10k, 1 client: >= 3x"),
      ratio("point read c=16", "ops/s", 3, "point reads at 10k, 16 clients: >= 3x"),
      ratio("partition query c=1", "entities/s", 3, "partition queries at 10k: >= 3x"),
      ratio("upsert hot4 c=16", "ops/s", 3, "upserts on 4 hot keys: >= 3x"),
      new Goal("scan 100k", "p50 ms", 1, false, false, "filtered scan of 100k in memory: parity (time <= 1x)"),
      ratio("point read c=1 @1M", "ops/s", 20, "point reads at 1M: >= 20x"),
      ratio("partition query c=1 @1M", "entities/s", 20, "partition queries at 1M: >= 20x"),
      new Goal("delete table 1M", "p50 ms", 1000, false, true, "delete of a 1M-entity table: < 1 s"));

  private Goals() {}

  private static Goal ratio(String workload, String metric, double bound, String text) {
    return new Goal(workload, metric, bound, true, false, text);
  }

  /** Prints each goal whose workload was run: the figure, the bound and met / not met. */
  static void print(ComparisonReport report, PrintStream out) {
    List<String> targets = report.targets();
    out.printf("%n== goals (issue 6), %s ==%n", targets.size() < 2 ? targets.get(0) : targets.get(0) + "/" + targets.get(1));
    for (Goal goal : ALL) {
      double first = report.median(goal.workload(), goal.metric(), targets.get(0));
      double second = targets.size() < 2 ? Double.NaN : report.median(goal.workload(), goal.metric(), targets.get(1));
      double figure = goal.absolute() ? first : first / second;
      if (Double.isNaN(first) && report.runs(goal.workload(), targets.get(0)) == 0) {
        continue;
      }
      String verdict = Double.isNaN(figure) ? "not measured"
          : (goal.higher() ? figure >= goal.bound() : figure <= goal.bound()) ? "met" : "NOT MET";
      out.printf(Locale.ROOT, "%-52s %-10s %10.2f  %s%n", goal.text(), goal.metric(), figure, verdict);
    }
  }
}
