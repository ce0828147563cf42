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
 * the rounds for each target and the ratio of the first target's median to the second's. Figures
 * of a run that found errors are kept out (a failing request is fast). Not thread-safe.
 */
final class ComparisonReport {
  private final List<String> targets;
  /** workload -> metric -> target -> one value per round. */
  private final Map<String, Map<String, Map<String, List<Double>>>> figures = new LinkedHashMap<>();
  private final List<String> rows = new ArrayList<>();

  ComparisonReport(List<String> targets) {
    this.targets = List.copyOf(targets);
  }

  /** Records one run of a workload on a target in a round. */
  void add(String target, int round, WorkloadResult result) {
    if (!result.correct()) {
      return;
    }
    result.metrics().forEach((metric, value) -> {
      figures.computeIfAbsent(result.workload(), w -> new LinkedHashMap<>())
          .computeIfAbsent(metric, m -> new LinkedHashMap<>())
          .computeIfAbsent(target, t -> new ArrayList<>())
          .add(value);
      rows.add(String.join("\t", result.workload(), metric, target, String.valueOf(round),
          String.format(Locale.ROOT, "%.4f", value)));
    });
  }

  /** Prints the medians table; the ratio column is first target / second target. */
  void printMedians(PrintStream out) {
    String ratioName = targets.size() < 2 ? "" : targets.get(0) + "/" + targets.get(1);
    StringBuilder header = new StringBuilder(String.format("%-18s %-14s", "workload", "metric"));
    targets.forEach(t -> header.append(String.format(" %12s", t)));
    out.println(header.append(String.format(" %16s  %s", ratioName, "better")));
    figures.forEach((workload, metrics) -> metrics.forEach((metric, byTarget) -> {
      StringBuilder line = new StringBuilder(String.format("%-18s %-14s", workload, metric));
      double[] medians = targets.stream().mapToDouble(t -> median(byTarget.get(t))).toArray();
      Arrays.stream(medians).forEach(m -> line.append(String.format(Locale.ROOT, " %12.2f", m)));
      String ratio = medians.length < 2 ? "" : String.format(Locale.ROOT, "%.2f", medians[0] / medians[1]);
      out.println(line.append(String.format(" %16s  %s", ratio, better(metric))));
    }));
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

  static double median(List<Double> values) {
    if (values == null || values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
