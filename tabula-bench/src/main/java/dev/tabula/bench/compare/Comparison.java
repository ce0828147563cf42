package dev.tabula.bench.compare;

import dev.tabula.bench.load.LoadMain;
import dev.tabula.bench.load.ReadTable;
import dev.tabula.bench.load.RunBounds;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.ScratchTable;
import dev.tabula.bench.load.TableConnection;
import dev.tabula.bench.load.TableEndpoint;
import dev.tabula.bench.load.UpsertWorkload;
import dev.tabula.bench.load.WorkloadResult;
import dev.tabula.bench.load.WorkloadRun;
import dev.tabula.bench.load.Workloads;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The side-by-side driver: runs the same workloads against every target (Tabula and Azurite),
 * interleaved workload by workload, for several rounds, alternating which target goes first, then
 * prints the medians over the rounds, the first/second ratio and issue 6's goals. With {@code
 * --scaling} it measures the scaling curve instead ({@link ScalingRun}). Exits 1 when any run found
 * a correctness error. {@code bench/compare.sh} starts both servers and calls it.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Run the same workloads against several Table endpoints, interleaved, and compare medians.")
public final class Comparison implements Callable<Integer> {
  @Option(names = "--target", required = true, description = "name=http://host:port/account; repeat (the"
      + " first is the ratio's numerator).")
  List<String> targetSpecs;

  @Option(names = "--rounds", description = "Rounds (default 3).")
  int rounds = 3;

  @Option(names = "--seconds", description = "Measured seconds per workload run, at most (default 10).")
  long seconds = 10;

  @Option(names = "--warmup", description = "Unmeasured seconds before each run (default 2).")
  long warmup = 2;

  @Option(names = "--workloads", split = ",", description = "Which workloads (default: all): " + "insert,"
      + "batch,point-read,partition-query,scan,upsert,delete-table.")
  List<String> workloadNames = Workloads.NAMES;

  @Option(names = "--insert-concurrency", split = ",", description = "Default 1,16,64.")
  List<Integer> insertConcurrency = List.of(1, 16, 64);

  @Option(names = "--read-concurrency", split = ",", description = "Point-read clients (default 1,16).")
  List<Integer> readConcurrency = List.of(1, 16);

  @Option(names = "--query-concurrency", split = ",", description = "Partition-query clients (default 1).")
  List<Integer> queryConcurrency = List.of(1);

  @Option(names = "--batch-concurrency", description = "$batch clients (default 4).")
  int batchConcurrency = 4;

  @Option(names = "--upsert-concurrency", description = "Upsert clients (default 16).")
  int upsertConcurrency = 16;

  @Option(names = "--read-entities", description = "Table for point reads and partition queries (default 10000).")
  long readEntities = 10_000;

  @Option(names = "--scan-entities", description = "Table for the filtered scan (default 100000).")
  long scanEntities = 100_000;

  @Option(names = "--delete-entities", description = "Table the delete-table workload deletes (default 10000).")
  long deleteEntities = 10_000;

  @Option(names = "--rows-per-partition", description = "Rows per partition of loaded tables (default 2000).")
  int rowsPerPartition = 2000;

  @Option(names = "--properties", description = "Custom properties per entity (default 10).")
  int properties = 10;

  @Option(names = "--entity-bytes", description = "JSON bytes per entity (default 1024).")
  int bytes = 1024;

  @Option(names = "--hot-keys", description = "Keys the upserts contend on (default 4).")
  int hotKeys = 4;

  @Option(names = "--load-seconds", description = "Budget for loading one table (default 600).")
  long loadSeconds = 600;

  @Option(names = "--timeout", description = "Seconds one request may take (default 60).")
  int timeout = 60;

  @Option(names = "--scaling", description = "Measure the scaling curve instead (see --sizes).")
  boolean scaling;

  @Option(names = "--sizes", split = ",", description = "Scaling: table sizes (default 10000,100000,1000000).")
  List<Long> sizes = List.of(10_000L, 100_000L, 1_000_000L);

  @Option(names = "--out", description = "Write every figure here, tab-separated.")
  Path out;

  final Map<String, TableEndpoint> targets = new LinkedHashMap<>();
  ComparisonReport report;
  boolean failed;

  public static void main(String[] args) {
    System.exit(new CommandLine(new Comparison()).setOverwrittenOptionsAllowed(true).execute(args));
  }

  @Override
  public Integer call() throws IOException {
    for (String spec : targetSpecs) {
      int eq = spec.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--target is name=url, got " + spec);
      }
      targets.put(spec.substring(0, eq), TableEndpoint.development(URI.create(spec.substring(eq + 1))));
    }
    report = new ComparisonReport(List.copyOf(targets.keySet()));
    if (scaling) {
      new ScalingRun(this).run();
    } else {
      runWorkloads();
    }
    System.out.printf("%n== medians, every metric ==%n");
    report.printMedians(System.out);
    System.out.printf("%n== headline: median over %d rounds (ratio = %s) ==%n", rounds,
        String.join("/", targets.keySet()));
    report.printHeadlines(System.out);
    Goals.print(report, System.out);
    if (out != null) {
      report.writeTsv(out);
    }
    return failed ? 1 : 0;
  }

  Workloads workloads() {
    return new Workloads(bytes, properties, rowsPerPartition, 100, hotKeys, UpsertWorkload.Mode.MIXED,
        Duration.ofSeconds(loadSeconds));
  }

  RunSettings settings(int concurrency, long measuredSeconds) {
    return new RunSettings(concurrency, new RunBounds(Long.MAX_VALUE, Duration.ofSeconds(measuredSeconds)),
        Duration.ofSeconds(warmup), timeout * 1000);
  }

  /** The target order of a round: as given in odd rounds, reversed in even ones. */
  List<String> order(int round) {
    List<String> order = new ArrayList<>(targets.keySet());
    if (round % 2 == 0) {
      Collections.reverse(order);
    }
    return order;
  }

  /** Prints a run's line (prefixed by target and round) and records it. */
  void record(String target, int round, WorkloadResult result) {
    System.out.printf(Locale.ROOT, "%-8s r%d  ", target, round);
    LoadMain.print(result);
    System.out.flush();
    failed |= !result.correct();
    report.add(target, round, result);
  }

  private void runWorkloads() {
    Workloads catalog = workloads();
    Map<String, ReadTable> readTables = new LinkedHashMap<>();
    Map<String, ReadTable> scanTables = new LinkedHashMap<>();
    for (Map.Entry<String, TableEndpoint> target : targets.entrySet()) {
      if (workloadNames.contains("point-read") || workloadNames.contains("partition-query")) {
        readTables.put(target.getKey(), load(target.getKey(), catalog, readEntities));
      }
      if (workloadNames.contains("scan")) {
        scanTables.put(target.getKey(), scanEntities == readEntities && readTables.containsKey(target.getKey())
            ? readTables.get(target.getKey()) : load(target.getKey(), catalog, scanEntities));
      }
    }
    for (int round = 1; round <= rounds; round++) {
      for (String name : workloadNames) {
        for (int concurrency : concurrencies(name)) {
          for (String target : order(round)) {
            ReadTable table = (name.equals("scan") ? scanTables : readTables).get(target);
            WorkloadResult result = WorkloadRun.execute(targets.get(target),
                catalog.create(name, concurrency, table, deleteEntities), settings(concurrency, seconds));
            record(target, round, result);
          }
        }
      }
    }
    readTables.forEach(this::drop);
    scanTables.forEach(this::drop);
  }

  private List<Integer> concurrencies(String name) {
    return switch (name) {
      case "insert" -> insertConcurrency;
      case "point-read" -> readConcurrency;
      case "partition-query" -> queryConcurrency;
      case "batch" -> List.of(batchConcurrency);
      case "upsert" -> List.of(upsertConcurrency);
      default -> List.of(1);
    };
  }

  private ReadTable load(String target, Workloads catalog, long entities) {
    ReadTable table = new ReadTable(ScratchTable.named("read").name(), catalog.tableShape(entities));
    WorkloadResult load = table.load(targets.get(target), 0, Duration.ofSeconds(loadSeconds));
    record(target, 0, load);
    if (!load.correct()) {
      throw new IllegalStateException(target + ": loading " + entities + " entities failed; nothing to measure");
    }
    return table;
  }

  void drop(String target, ReadTable table) {
    try (TableConnection admin = new TableConnection(targets.get(target), 300_000)) {
      admin.deleteTable(table.name());
    } catch (IOException e) {
      System.out.println(target + ": could not delete " + table.name() + ": " + e);
    }
  }
}
