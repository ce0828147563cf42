package dev.tabula.bench.compare;

import dev.tabula.bench.load.LoadMain;
import dev.tabula.bench.load.ReadTable;
import dev.tabula.bench.load.RunBounds;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.TableConnection;
import dev.tabula.bench.load.TableEndpoint;
import dev.tabula.bench.load.UpsertWorkload;
import dev.tabula.bench.load.WorkloadResult;
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
 * interleaved workload by workload, for several rounds after an unmeasured warm-up pass,
 * alternating which target goes first, then prints the medians over the rounds, the first/second
 * ratio and issue 6's goals ({@link WorkloadRounds}). Issue 6's two ceilings take part in the same
 * rounds when asked for ({@link Baselines}): the minimal Netty server in the point reads, RocksDB's
 * synced puts in the single inserts. With {@code --scaling} it measures the scaling curve instead
 * ({@link ScalingRun}). Exits 1 when any run found a correctness error. {@code bench/compare.sh}
 * starts the servers and calls it.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Run the same workloads against several Table endpoints, interleaved, and compare medians.")
public final class Comparison implements Callable<Integer> {
  @Option(
      names = "--target",
      required = true,
      description =
          "name=http://host:port/account; repeat (the" + " first is the ratio's numerator).")
  List<String> targetSpecs;

  @Option(names = "--rounds", description = "Rounds (default 3).")
  int rounds = 3;

  @Option(
      names = "--seconds",
      description = "Measured seconds per workload run, at most (default 10).")
  long seconds = 10;

  @Option(names = "--warmup", description = "Unmeasured seconds before each run (default 2).")
  long warmup = 2;

  @Option(
      names = "--warmup-round-seconds",
      description =
          "A warm-up pass before round 1: every workload once,"
              + " at its highest concurrency, against every target and baseline, for this many seconds; results"
              + " printed as warm-up and discarded (default 5; 0 for none).")
  long warmupRoundSeconds = 5;

  @Option(
      names = "--netty-baseline",
      description =
          "Account root of the minimal Netty server"
              + " (dev.tabula.bench.baseline.MinimalNettyServer): point reads run against it too, for issue 6's"
              + " read ceiling.")
  URI nettyBaseline;

  @Option(
      names = "--rocks-baseline",
      description =
          "A directory on the server's data disk: RocksDB's own"
              + " synced puts run there in-process at the insert concurrencies, for issue 6's write ceiling.")
  Path rocksBaseline;

  @Option(
      names = "--workloads",
      split = ",",
      description =
          "Which workloads (default: all): "
              + "insert,"
              + "batch,point-read,partition-query,scan,upsert,delete-table.")
  List<String> workloadNames = Workloads.NAMES;

  @Option(names = "--insert-concurrency", split = ",", description = "Default 1,16,64.")
  List<Integer> insertConcurrency = List.of(1, 16, 64);

  @Option(
      names = "--read-concurrency",
      split = ",",
      description = "Point-read clients (default 1,16).")
  List<Integer> readConcurrency = List.of(1, 16);

  @Option(
      names = "--query-concurrency",
      split = ",",
      description = "Partition-query clients (default 1).")
  List<Integer> queryConcurrency = List.of(1);

  @Option(names = "--batch-concurrency", description = "$batch clients (default 4).")
  int batchConcurrency = 4;

  @Option(names = "--upsert-concurrency", description = "Upsert clients (default 16).")
  int upsertConcurrency = 16;

  @Option(
      names = "--read-entities",
      description = "Table for point reads and partition queries (default 10000).")
  long readEntities = 10_000;

  @Option(names = "--scan-entities", description = "Table for the filtered scan (default 100000).")
  long scanEntities = 100_000;

  @Option(
      names = "--delete-entities",
      description = "Table the delete-table workload deletes (default 10000).")
  long deleteEntities = 10_000;

  @Option(
      names = "--rows-per-partition",
      description = "Rows per partition of loaded tables (default 2000).")
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

  @Option(
      names = "--sizes",
      split = ",",
      description = "Scaling: table sizes (default 10000,100000,1000000).")
  List<Long> sizes = List.of(10_000L, 100_000L, 1_000_000L);

  @Option(names = "--out", description = "Write every figure here, tab-separated.")
  Path out;

  final Map<String, TableEndpoint> targets = new LinkedHashMap<>();
  Baselines baselines;
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
      if (Baselines.NETTY.equals(spec.substring(0, eq))
          || Baselines.ROCKSDB.equals(spec.substring(0, eq))) {
        throw new IllegalArgumentException(
            "the baselines report as netty and rocksdb; name targets otherwise");
      }
      targets.put(
          spec.substring(0, eq), TableEndpoint.development(URI.create(spec.substring(eq + 1))));
    }
    baselines =
        new Baselines(
            nettyBaseline == null ? null : TableEndpoint.development(nettyBaseline), rocksBaseline);
    report =
        new ComparisonReport(
            List.copyOf(targets.keySet()), List.of(Baselines.NETTY, Baselines.ROCKSDB));
    if (scaling) {
      new ScalingRun(this).run();
    } else {
      new WorkloadRounds(this).run();
    }
    System.out.printf("%n== medians, every metric ==%n");
    report.printMedians(System.out);
    System.out.printf(
        "%n== headline: median over %d rounds (ratio = %s) ==%n",
        rounds, String.join("/", targets.keySet()));
    report.printHeadlines(System.out);
    Goals.print(report, System.out);
    if (out != null) {
      report.writeTsv(out);
    }
    return failed ? 1 : 0;
  }

  Workloads workloads() {
    return new Workloads(
        bytes,
        properties,
        rowsPerPartition,
        100,
        hotKeys,
        UpsertWorkload.Mode.MIXED,
        Duration.ofSeconds(loadSeconds));
  }

  RunSettings settings(int concurrency, long measuredSeconds) {
    return new RunSettings(
        concurrency,
        new RunBounds(Long.MAX_VALUE, Duration.ofSeconds(measuredSeconds)),
        Duration.ofSeconds(warmup),
        timeout * 1000);
  }

  /** The settings of a warm-up pass run: {@code --warmup-round-seconds}, all of it unmeasured. */
  RunSettings warmupSettings(int concurrency) {
    return new RunSettings(
        concurrency,
        new RunBounds(Long.MAX_VALUE, Duration.ofSeconds(warmupRoundSeconds)),
        Duration.ZERO,
        timeout * 1000);
  }

  /** The target order of a round: as given in odd rounds, reversed in even ones. */
  List<String> order(int round) {
    return alternate(List.copyOf(targets.keySet()), round);
  }

  /** {@code names} as given in odd rounds, reversed in even ones, so no one always goes first. */
  static List<String> alternate(List<String> names, int round) {
    List<String> order = new ArrayList<>(names);
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

  /**
   * Prints a warm-up pass run's line, labelled as such, and discards its figures. Its correctness
   * errors still count: a wrong answer is wrong whenever it comes.
   */
  void recordWarmup(String target, WorkloadResult result) {
    System.out.printf(Locale.ROOT, "%-8s warm-up  ", target);
    LoadMain.print(result);
    System.out.flush();
    failed |= !result.correct();
  }

  void drop(String target, ReadTable table) {
    try (TableConnection admin = new TableConnection(targets.get(target), 300_000)) {
      admin.deleteTable(table.name());
    } catch (IOException e) {
      System.out.println(target + ": could not delete " + table.name() + ": " + e);
    }
  }
}
