package dev.tabula.bench.compare;

import dev.tabula.bench.load.EntityShape;
import dev.tabula.bench.load.FilteredScanWorkload;
import dev.tabula.bench.load.PartitionQueryWorkload;
import dev.tabula.bench.load.Reply;
import dev.tabula.bench.load.RunBounds;
import dev.tabula.bench.load.TableClient;
import dev.tabula.bench.load.TableEndpoint;
import dev.tabula.bench.load.TableLoader;
import dev.tabula.bench.load.WorkloadResult;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Issue 3's end-to-end query benchmark, run side by side: loads the same table into every target,
 * then, for several rounds and alternating which target goes first, runs a partition-query
 * workload and a filtered-scan workload against each, and prints per-round figures, the medians
 * and the first/second target ratio. Exits 1 when any run found a correctness error.
 *
 * <p>{@code java -cp tabula-bench/target/benchmarks.jar dev.tabula.bench.compare.QueryComparison
 * --target tabula=http://127.0.0.1:PORT/devstoreaccount1 --target azurite=...} (see {@code
 * bench/query-vs-azurite.sh}, which starts both servers).
 */
public final class QueryComparison {
  private final ComparisonOptions options;
  private final EntityShape shape;
  private final List<Target> targets = new ArrayList<>();
  private final ComparisonReport report;
  private boolean failed;

  private QueryComparison(ComparisonOptions options) {
    this.options = options;
    this.shape = EntityShape.standard(options.entities);
    this.report = new ComparisonReport(List.copyOf(options.targets.keySet()));
  }

  public static void main(String[] args) throws Exception {
    QueryComparison comparison = new QueryComparison(ComparisonOptions.parse(args));
    System.exit(comparison.run() ? 0 : 1);
  }

  private boolean run() throws Exception {
    System.out.printf(Locale.ROOT, "table: %d entities, %d partitions x %d rows, ~%d B each%n",
        shape.entities(), shape.partitions(), shape.rowsPerPartition(), shape.approxBytes());
    String table = "bench" + Long.toString(System.currentTimeMillis(), 36);
    for (Map.Entry<String, URI> entry : options.targets.entrySet()) {
      TableClient client = new TableClient(TableEndpoint.development(entry.getValue()), Duration.ofSeconds(120));
      Target target = new Target(entry.getKey(), client, table);
      load(target);
      warmUp(target);
      targets.add(target);
    }
    for (int round = 1; round <= options.rounds; round++) {
      List<Target> order = new ArrayList<>(targets);
      if (round % 2 == 0) {
        Collections.reverse(order);
      }
      for (Target target : order) {
        measure(target, round);
      }
    }
    System.out.printf("%n== medians over %d rounds ==%n", options.rounds);
    report.printMedians(System.out);
    if (options.out != null) {
      report.writeTsv(Path.of(options.out));
    }
    return !failed;
  }

  private void load(Target target) {
    Reply created = target.client().createTable(target.table());
    if (!created.ok()) {
      throw new IllegalStateException(target.name() + ": Create Table answered " + created.status()
          + ": " + created.bodyText(300));
    }
    TableLoader loader = new TableLoader(target.client());
    TableLoader.Method method = options.forceMethod == null || options.forceMethod.equals("auto")
        ? loader.probe()
        : TableLoader.Method.valueOf(options.forceMethod.toUpperCase(Locale.ROOT));
    int inFlight = method == TableLoader.Method.BATCH ? options.batchInFlight : options.singleInFlight;
    System.out.printf("%n== %s: loading with %s, %d in flight ==%n", target.name(), method, inFlight);
    WorkloadResult result = loader.load(target.table(), shape, method, inFlight, options.loadTime);
    print(target, "load", result);
    report.add(target.name(), 0, result);
    if (!result.correct()) {
      throw new IllegalStateException(target.name() + ": the load failed, nothing to measure");
    }
  }

  /** A short unrecorded pass so that the first round does not also measure JIT and cold caches. */
  private void warmUp(Target target) {
    print(target, "warm-up", PartitionQueryWorkload.run(target.client(), target.table(), shape,
        new RunBounds(30, Duration.ofSeconds(10))));
    print(target, "warm-up", FilteredScanWorkload.run(target.client(), target.table(), shape,
        new RunBounds(1, options.scanTime)));
  }

  private void measure(Target target, int round) {
    WorkloadResult partition = PartitionQueryWorkload.run(target.client(), target.table(), shape,
        new RunBounds(options.partitionQueries, options.partitionTime));
    print(target, "round " + round, partition);
    report.add(target.name(), round, partition);
    WorkloadResult scan = FilteredScanWorkload.run(target.client(), target.table(), shape,
        new RunBounds(options.scans, options.scanTime));
    print(target, "round " + round, scan);
    report.add(target.name(), round, scan);
  }

  private void print(Target target, String phase, WorkloadResult result) {
    StringBuilder line = new StringBuilder(
        String.format("%-8s %-7s %-17s", target.name(), phase, result.workload()));
    result.metrics().forEach((name, value) ->
        line.append(String.format(Locale.ROOT, " %s=%.2f", name, value)));
    System.out.println(line);
    for (String error : result.errors()) {
      failed = true;
      System.out.println("  ERROR " + error);
    }
  }
}
