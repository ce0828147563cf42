package dev.tabula.bench.soak;

import dev.tabula.bench.load.LoadMain;
import dev.tabula.bench.load.ReadTable;
import dev.tabula.bench.load.RunBounds;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.ScratchTable;
import dev.tabula.bench.load.TableConnection;
import dev.tabula.bench.load.TableEndpoint;
import dev.tabula.bench.load.Workload;
import dev.tabula.bench.load.WorkloadResult;
import dev.tabula.bench.load.WorkloadRun;
import dev.tabula.bench.load.Workloads;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The soak load ({@code bench/soak.sh}): every workload of the load generator at once against one
 * endpoint for a long while, so that a leak shows as a heap that keeps growing. Loads a read table
 * first (unmeasured), then runs inserts, batches, point reads, partition queries and hot-key
 * upserts side by side, each for {@code --duration} seconds, and prints each one's figures and
 * correctness errors. Exits 1 on any error. Bounded: at most one hour of load.
 */
@Command(
    name = "soak",
    mixinStandardHelpOptions = true,
    description = "Run every workload at once against a Table endpoint for a long while.")
public final class SoakMain implements Callable<Integer> {
  private static final long MAX_SECONDS = 3600;
  private static final Duration GRACE = Duration.ofMinutes(10);

  @Option(
      names = "--endpoint",
      required = true,
      description = "Account root, path-style: http://127.0.0.1:10002/devstoreaccount1")
  URI endpoint;

  @Option(names = "--duration", description = "Seconds of load (default 600, at most 3600).")
  long duration = 600;

  @Option(names = "--entities", description = "Entities of the read table (default 100000).")
  long entities = 100_000;

  @Option(names = "--timeout", description = "Seconds one request may take (default 60).")
  int timeout = 60;

  public static void main(String[] args) {
    System.exit(new CommandLine(new SoakMain()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (duration < 1 || duration > MAX_SECONDS) {
      throw new IllegalArgumentException("--duration must be 1.." + MAX_SECONDS);
    }
    TableEndpoint target = TableEndpoint.development(endpoint);
    Workloads workloads = Workloads.defaults();
    ReadTable readTable =
        new ReadTable(ScratchTable.named("soak").name(), workloads.tableShape(entities));
    WorkloadResult load = readTable.load(target, 0, workloads.loadBudget());
    LoadMain.print(load);
    if (!load.correct()) {
      return 1;
    }
    System.out.println("soak: load started");
    List<WorkloadResult> results = runTogether(target, workloads, readTable);
    System.out.println("soak: load finished");
    results.forEach(LoadMain::print);
    try (TableConnection admin = new TableConnection(target, 300_000)) {
      admin.deleteTable(readTable.name());
    } catch (IOException e) {
      System.out.println("could not delete " + readTable.name() + ": " + e);
    }
    return results.stream().allMatch(WorkloadResult::correct) ? 0 : 1;
  }

  /** The mix: each workload with its own clients, all running for the same time. */
  private List<WorkloadResult> runTogether(
      TableEndpoint target, Workloads workloads, ReadTable readTable) throws InterruptedException {
    Map<String, Integer> mix = new LinkedHashMap<>();
    mix.put("insert", 4);
    mix.put("batch", 2);
    mix.put("point-read", 8);
    mix.put("partition-query", 2);
    mix.put("upsert", 8);
    ExecutorService runs = Executors.newFixedThreadPool(mix.size());
    List<Future<WorkloadResult>> futures = new ArrayList<>();
    mix.forEach(
        (name, clients) -> {
          Workload workload = workloads.create(name, clients, readTable, entities);
          RunSettings settings =
              new RunSettings(
                  clients,
                  new RunBounds(Long.MAX_VALUE, Duration.ofSeconds(duration)),
                  Duration.ZERO,
                  timeout * 1000);
          futures.add(runs.submit(() -> WorkloadRun.execute(target, workload, settings)));
        });
    runs.shutdown();
    List<WorkloadResult> results = new ArrayList<>();
    long giveUp = System.nanoTime() + Duration.ofSeconds(duration).plus(GRACE).toNanos();
    for (Future<WorkloadResult> future : futures) {
      try {
        results.add(future.get(Math.max(1, giveUp - System.nanoTime()), TimeUnit.NANOSECONDS));
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        results.add(
            new WorkloadResult("soak", Map.of(), List.of("a workload did not finish: " + e)));
      }
    }
    runs.shutdownNow();
    return results;
  }
}
