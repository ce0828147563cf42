package dev.tabula.bench.compare;

import dev.tabula.bench.load.EntityShape;
import dev.tabula.bench.load.HttpConnection.Response;
import dev.tabula.bench.load.ReadTable;
import dev.tabula.bench.load.ScratchTable;
import dev.tabula.bench.load.Sizes;
import dev.tabula.bench.load.TableConnection;
import dev.tabula.bench.load.WorkloadResult;
import dev.tabula.bench.load.WorkloadRun;
import dev.tabula.bench.load.Workloads;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scaling curve: one table per target grown with {@code $batch} through each size (10,000,
 * 100,000, 1,000,000 entities by default), and at each size, for several interleaved rounds, point
 * reads and partition queries from one client; then the delete of the largest table, timed to its
 * 204. A target whose load fails or runs out of its budget stops growing there (its figures at that
 * size and above are missing, and the load line says how far it got).
 */
final class ScalingRun {
  private static final List<String> WORKLOADS = List.of("point-read", "partition-query");

  private final Comparison comparison;
  private final Map<String, ReadTable> tables = new LinkedHashMap<>();
  private final Map<String, Integer> loaded = new HashMap<>();
  private final List<String> stopped = new ArrayList<>();

  ScalingRun(Comparison comparison) {
    this.comparison = comparison;
  }

  void run() {
    Workloads catalog = comparison.workloads();
    String name = ScratchTable.named("scale").name();
    for (long size : comparison.sizes.stream().sorted().toList()) {
      EntityShape shape = catalog.tableShape(size);
      for (String target : comparison.targets.keySet()) {
        if (!stopped.contains(target)) {
          grow(target, new ReadTable(name, shape));
        }
      }
      measure(catalog, size);
    }
    for (Map.Entry<String, ReadTable> entry : tables.entrySet()) {
      if (stopped.contains(entry.getKey())) {
        comparison.drop(entry.getKey(), entry.getValue());
      } else {
        comparison.record(entry.getKey(), 1, timedDelete(entry.getKey(), entry.getValue()));
      }
    }
  }

  private void grow(String target, ReadTable table) {
    int from = loaded.getOrDefault(target, 0);
    WorkloadResult load =
        table.load(
            comparison.targets.get(target), from, Duration.ofSeconds(comparison.loadSeconds));
    String label =
        "load "
            + Sizes.label((long) from * table.shape().rowsPerPartition())
            + "->"
            + Sizes.label(table.shape().entities());
    comparison.record(target, 0, new WorkloadResult(label, load.metrics(), load.errors()));
    tables.put(target, table);
    if (load.correct()) {
      loaded.put(target, table.shape().partitions());
    } else {
      stopped.add(target);
      System.out.println(
          target + ": stops growing at this size; its load above says how far it got");
    }
  }

  private void measure(Workloads catalog, long size) {
    for (int round = 1; round <= comparison.rounds; round++) {
      for (String workload : WORKLOADS) {
        for (String target : comparison.order(round)) {
          if (stopped.contains(target)) {
            continue;
          }
          WorkloadResult result =
              WorkloadRun.execute(
                  comparison.targets.get(target),
                  catalog.create(workload, 1, tables.get(target), size),
                  comparison.settings(1, comparison.seconds));
          comparison.record(
              target,
              round,
              new WorkloadResult(
                  result.workload() + " @" + Sizes.label(size), result.metrics(), result.errors()));
        }
      }
    }
  }

  private WorkloadResult timedDelete(String target, ReadTable table) {
    String name = "delete table " + Sizes.label(table.shape().entities());
    List<String> errors = new ArrayList<>();
    Map<String, Double> metrics = new LinkedHashMap<>();
    try (TableConnection admin = new TableConnection(comparison.targets.get(target), 600_000)) {
      long start = System.nanoTime();
      Response deleted = admin.deleteTable(table.name());
      metrics.put("p50 ms", (System.nanoTime() - start) / 1e6);
      metrics.put("entities", (double) table.shape().entities());
      if (deleted.status() != 204) {
        errors.add("Delete Table answered " + deleted.status() + ": " + deleted.bodyText(200));
      }
      Response after = admin.queryPage(table.name(), null, null, null);
      if (after.status() != 404) {
        errors.add("a query of the deleted table answered " + after.status() + ", not 404");
      }
    } catch (IOException e) {
      errors.add("Delete Table failed: " + e);
    }
    return new WorkloadResult(name, metrics, errors);
  }
}
