package dev.tabula.bench.compare;

import dev.tabula.bench.load.WorkloadResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Collects every round's figures per target and prints, per workload and metric, the median over
 * the rounds for each target and the ratio of the first target's median to the second's. The
 * baselines' figures (issue 6's ceilings) are collected alike and printed in a table of their own.
 * Figures of a run that found errors are kept out (a failing request is fast). Not thread-safe.
 */
final class ComparisonReport {
  private final List<String> targets;
  private final List<String> baselines;

  /** workload -> metric -> target -> one value per round. */
  private final Map<String, Map<String, Map<String, List<Double>>>> figures = new LinkedHashMap<>();

  private final List<String> rows = new ArrayList<>();

  /**
   * @param targets the servers compared, in order (the ratio is the first's over the second's)
   * @param baselines the names the baselines report under, if they run at all
   */
  ComparisonReport(List<String> targets, List<String> baselines) {
    this.targets = List.copyOf(targets);
    this.baselines = List.copyOf(baselines);
  }

  /** The median over the rounds of one figure on one target, or NaN when none was recorded. */
  double median(String workload, String metric, String target) {
    Map<String, List<Double>> byTarget =
        figures.getOrDefault(workload, Map.of()).getOrDefault(metric, Map.of());
    return median(byTarget.get(target));
  }

  /** The targets, in the order given (the ratio is the first's median over the second's). */
  List<String> targets() {
    return targets;
  }

  /** The workloads recorded, in the order they were first recorded. */
  List<String> workloads() {
    return List.copyOf(figures.keySet());
  }

  /** Records one run of a workload on a target (or baseline) in a round. */
  void add(String target, int round, WorkloadResult result) {
    if (!result.correct()) {
      return;
    }
    result
        .metrics()
        .forEach(
            (metric, value) -> {
              figures
                  .computeIfAbsent(result.workload(), w -> new LinkedHashMap<>())
                  .computeIfAbsent(metric, m -> new LinkedHashMap<>())
                  .computeIfAbsent(target, t -> new ArrayList<>())
                  .add(value);
              rows.add(
                  String.join(
                      "\t",
                      result.workload(),
                      metric,
                      target,
                      String.valueOf(round),
                      String.format(Locale.ROOT, "%.4f", value)));
            });
  }

  /**
   * Prints the medians table of the targets (the ratio column is first target / second target),
   * then one table of each baseline that ran.
   */
  void printMedians(PrintStream out) {
    out.printf("%s%n", "(medians over the rounds; a run with correctness errors is left out)");
    printMedians(out, targets, true);
    for (String baseline : baselines) {
      if (figures.keySet().stream().anyMatch(w -> ranOn(w, List.of(baseline)))) {
        out.printf("%n-- baseline %s (issue 6's ceiling), same rounds --%n", baseline);
        printMedians(out, List.of(baseline), false);
      }
    }
  }

  private void printMedians(PrintStream out, List<String> columns, boolean withRatio) {
    boolean ratio = withRatio && columns.size() >= 2;
    StringBuilder header = new StringBuilder(String.format("%-26s %-14s", "workload", "metric"));
    columns.forEach(t -> header.append(String.format(" %12s", t)));
    out.println(
        header.append(
            String.format(
                " %16s  %s", ratio ? columns.get(0) + "/" + columns.get(1) : "", "better")));
    figures.forEach(
        (workload, metrics) ->
            metrics.forEach(
                (metric, byTarget) -> {
                  if (!ranOn(workload, columns)) {
                    return;
                  }
                  StringBuilder line =
                      new StringBuilder(String.format("%-26s %-14s", workload, metric));
                  double[] medians =
                      columns.stream().mapToDouble(t -> median(byTarget.get(t))).toArray();
                  Arrays.stream(medians)
                      .forEach(m -> line.append(String.format(Locale.ROOT, " %12.2f", m)));
                  String ratioText =
                      ratio ? String.format(Locale.ROOT, "%.2f", medians[0] / medians[1]) : "";
                  out.println(line.append(String.format(" %16s  %s", ratioText, better(metric))));
                }));
  }

  /** Whether any of {@code names} has a correct run of {@code workload}. */
  private boolean ranOn(String workload, List<String> names) {
    return names.stream().anyMatch(name -> runs(workload, name) > 0);
  }

  /**
   * Prints one line per workload: its headline figure (entities/s for batches, loads and partition
   * queries, the time for scans and deletes, else ops/s) per target with the ratio, then each
   * target's p50/p99 operation latency.
   */
  void printHeadlines(PrintStream out) {
    StringBuilder header = new StringBuilder(String.format("%-26s %-11s", "workload", "metric"));
    targets.forEach(t -> header.append(String.format(" %11s", t)));
    header.append(String.format(" %8s", "ratio"));
    targets.forEach(t -> header.append(String.format("  %-15s", t + " p50/p99")));
    out.println(header);
    figures.keySet().stream()
        .filter(workload -> ranOn(workload, targets))
        .forEach(
            workload -> {
              String metric = headline(workload);
              StringBuilder line =
                  new StringBuilder(String.format("%-26s %-11s", workload, metric));
              double[] medians =
                  targets.stream().mapToDouble(t -> median(workload, metric, t)).toArray();
              Arrays.stream(medians)
                  .forEach(m -> line.append(String.format(Locale.ROOT, " %11.1f", m)));
              line.append(
                  medians.length < 2
                      ? ""
                      : String.format(Locale.ROOT, " %8.2f", medians[0] / medians[1]));
              targets.forEach(
                  t ->
                      line.append(
                          String.format(
                              Locale.ROOT,
                              "  %-15s",
                              String.format(
                                  Locale.ROOT,
                                  "%.2f/%.1f",
                                  median(workload, "p50 ms", t),
                                  median(workload, "p99 ms", t)))));
              out.println(line);
            });
  }

  /** The figure a workload is judged by. */
  static String headline(String workload) {
    if (workload.startsWith("scan") || workload.startsWith("delete")) {
      return "p50 ms";
    }
    boolean bulk =
        workload.startsWith("batch")
            || workload.startsWith("partition")
            || workload.startsWith("load");
    return bulk ? "entities/s" : "ops/s";
  }

  /** Writes every figure as {@code workload metric target round value}, tab-separated. */
  void writeTsv(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("workload\tmetric\ttarget\tround\tvalue");
    lines.addAll(rows);
    Files.write(file, lines);
  }

  /** Which way is better for a metric: rates up, times down, counts neither. */
  static String better(String metric) {
    if (metric.endsWith("/s")) {
      return "higher";
    }
    return metric.endsWith(" ms") || metric.endsWith(" s") ? "lower" : "";
  }

  /** How many runs of a workload on a target were recorded (correct ones only). */
  int runs(String workload, String target) {
    Map<String, Map<String, List<Double>>> metrics = figures.getOrDefault(workload, Map.of());
    return metrics.isEmpty()
        ? 0
        : metrics.values().iterator().next().getOrDefault(target, List.of()).size();
  }

  static double median(List<Double> values) {
    if (values == null || values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
