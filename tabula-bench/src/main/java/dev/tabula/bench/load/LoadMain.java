package dev.tabula.bench.load;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The load generator's command line: runs one workload against one Table endpoint (Tabula, Azurite
 * or the service) and prints ops/s, entities/s, p50 and p99 latency and every correctness error.
 * Exits 1 when the run found an error. Read workloads load a fresh table first (unmeasured) unless
 * {@code --table} names one already loaded with the same shape.
 *
 * <p>{@code java -cp tabula-bench/target/benchmarks.jar dev.tabula.bench.load.LoadMain --endpoint
 * http://127.0.0.1:10002/devstoreaccount1 --workload insert --concurrency 16 --duration 10}
 */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    description = "Drive one workload against a Table endpoint and check what comes back.")
public final class LoadMain implements Callable<Integer> {
  @Option(
      names = "--endpoint",
      required = true,
      description = "Account root, path-style: http://127.0.0.1:10002/devstoreaccount1")
  URI endpoint;

  @Option(names = "--account", description = "Account name (default devstoreaccount1).")
  String account = TableEndpoint.DEVELOPMENT_ACCOUNT;

  @Option(names = "--key", description = "Account key, base64 (default: the development key).")
  String key = TableEndpoint.DEVELOPMENT_KEY;

  @Option(
      names = "--workload",
      required = true,
      description =
          "insert, batch, point-read, partition-query, scan, quantity-query, upsert or"
              + " delete-table.")
  String workload;

  @Option(
      names = "--concurrency",
      description =
          "Clients, one connection and request in flight each"
              + " (default 1; batch 4; upsert 16).")
  Integer concurrency;

  @Option(names = "--duration", description = "Measured seconds, at most (default 10).")
  long duration = 10;

  @Option(
      names = "--count",
      description = "Measured operations, at most (default: no limit but --duration).")
  long count = Long.MAX_VALUE;

  @Option(names = "--warmup", description = "Unmeasured seconds first (default 2).")
  long warmup = 2;

  @Option(names = "--timeout", description = "Seconds one request may take (default 60).")
  int timeout = 60;

  @Option(
      names = "--entities",
      description = "Size of the table read or deleted (default 10000; scan 100000).")
  Long entities;

  @Option(
      names = "--table",
      description = "An existing table already loaded with --entities of this shape.")
  String table;

  @Option(
      names = "--rows-per-partition",
      description = "Rows per partition of a loaded table (default 2000).")
  int rowsPerPartition = 2000;

  @Option(names = "--properties", description = "Custom properties per entity (default 10).")
  int properties = EntityShape.DEFAULT_PROPERTIES;

  @Option(names = "--entity-bytes", description = "JSON bytes per entity (default 1024).")
  int bytes = 1024;

  @Option(names = "--batch-size", description = "Inserts per $batch (default 100).")
  int batchSize = 100;

  @Option(names = "--hot-keys", description = "Keys the upserts contend on (default 4).")
  int hotKeys = 4;

  @Option(names = "--upsert-mode", description = "replace, merge or mixed (default mixed).")
  String upsertMode = "mixed";

  @Option(names = "--load-seconds", description = "Budget for loading a table (default 600).")
  long loadSeconds = 600;

  @Option(
      names = "--table-settings",
      description =
          "Tabula only: the settings JSON (docs/extensions.md) the table a write workload creates"
              + " gets, e.g. '{\"timeToLive\": 86400}'; with --table, the settings that table gets"
              + " before the run, which waits until their indexes are built.")
  String tableSettings;

  @Option(
      names = "--keep-table",
      description =
          "Leave the table this run loaded in place and print"
              + " its name, instead of deleting it (to measure a server holding it).")
  boolean keepTable;

  public static void main(String[] args) {
    System.exit(new CommandLine(new LoadMain()).setOverwrittenOptionsAllowed(true).execute(args));
  }

  @Override
  public Integer call() {
    Workloads workloads =
        new Workloads(
            bytes,
            properties,
            rowsPerPartition,
            batchSize,
            hotKeys,
            UpsertWorkload.Mode.valueOf(upsertMode.toUpperCase(Locale.ROOT)),
            Duration.ofSeconds(loadSeconds));
    TableEndpoint target = new TableEndpoint(endpoint, account, key);
    long size = entities != null ? entities : workload.equals("scan") ? 100_000 : 10_000;
    ReadTable readTable = null;
    if (Workloads.readsTable(workload)) {
      boolean fresh = table == null;
      readTable =
          new ReadTable(
              fresh ? ScratchTable.named("read").name() : table, workloads.tableShape(size));
      if (fresh) {
        WorkloadResult load = readTable.load(target, 0, Duration.ofSeconds(loadSeconds));
        print(load);
        if (!load.correct()) {
          return 1;
        }
      }
    }
    if (table != null && tableSettings != null && !applySettings(target)) {
      return 1;
    }
    int workers =
        concurrency != null
            ? concurrency
            : workload.equals("batch") ? 4 : workload.equals("upsert") ? 16 : 1;
    RunSettings settings =
        new RunSettings(
            workers,
            new RunBounds(count, Duration.ofSeconds(duration)),
            Duration.ofSeconds(warmup),
            timeout * 1000,
            tableSettings);
    WorkloadResult result =
        WorkloadRun.execute(target, workloads.create(workload, workers, readTable, size), settings);
    print(result);
    if (readTable != null && table == null && keepTable) {
      System.out.println("kept table " + readTable.name());
    } else if (readTable != null && table == null) {
      try (TableConnection admin = new TableConnection(target, 300_000)) {
        admin.deleteTable(readTable.name());
      } catch (java.io.IOException e) {
        System.out.println("could not delete " + readTable.name() + ": " + e);
      }
    }
    return result.correct() ? 0 : 1;
  }

  /**
   * Gives {@code --table} the {@code --table-settings}, waiting for its indexes; false on failure.
   */
  private boolean applySettings(TableEndpoint target) {
    try (TableConnection admin = new TableConnection(target, 300_000)) {
      Duration built =
          TableSettingsApply.putAndAwaitIndexes(
              admin, table, tableSettings, Duration.ofSeconds(loadSeconds));
      System.out.printf(
          Locale.ROOT, "settings of %s applied in %.1f s%n", table, built.toMillis() / 1000.0);
      return true;
    } catch (java.io.IOException | InterruptedException e) {
      System.out.println("could not apply the settings: " + e);
      return false;
    }
  }

  /** Prints a result as one line of figures, then its errors. */
  public static void print(WorkloadResult result) {
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s", result.workload()));
    for (Map.Entry<String, Double> metric : result.metrics().entrySet()) {
      line.append(String.format(Locale.ROOT, "  %s=%.2f", metric.getKey(), metric.getValue()));
    }
    line.append(result.correct() ? "  OK" : "  ERRORS");
    System.out.println(line);
    result.errors().forEach(error -> System.out.println("  ERROR " + error));
  }
}
