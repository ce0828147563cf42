package dev.tabula.bench.compare;

import dev.tabula.bench.load.ReadTable;
import dev.tabula.bench.load.RunSettings;
import dev.tabula.bench.load.ScratchTable;
import dev.tabula.bench.load.WorkloadResult;
import dev.tabula.bench.load.WorkloadRun;
import dev.tabula.bench.load.Workloads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The comparison proper. It loads the read tables into every server (unmeasured), then runs one
 * warm-up pass and the rounds. The warm-up pass runs every workload once, at its highest
 * concurrency, against every participant; its results are printed as warm-up and discarded. A fresh
 * JVM spends its first tens of seconds of load compiling (so does Azurite's V8), and without the
 * pass round 1 would compare a cold server with the warm ones of later rounds. Each round runs each
 * workload at each concurrency against every participant in turn: the servers, plus the baselines
 * the workload has ({@link Baselines}). The order alternates from round to round.
 */
final class WorkloadRounds {
  private final Comparison comparison;
  private final Workloads catalog;
  private final Map<String, ReadTable> readTables = new LinkedHashMap<>();
  private final Map<String, ReadTable> scanTables = new LinkedHashMap<>();

  WorkloadRounds(Comparison comparison) {
    this.comparison = comparison;
    this.catalog = comparison.workloads();
  }

  void run() {
    System.out.println(estimate());
    loadTables();
    if (comparison.warmupRoundSeconds > 0) {
      for (String name : comparison.workloadNames) {
        int concurrency = concurrencies(name).stream().mapToInt(Integer::intValue).max().orElse(1);
        for (String participant : participants(name)) {
          comparison.recordWarmup(
              participant,
              runOnce(participant, name, concurrency, comparison.warmupSettings(concurrency)));
        }
      }
    }
    for (int round = 1; round <= comparison.rounds; round++) {
      for (String name : comparison.workloadNames) {
        for (int concurrency : concurrencies(name)) {
          for (String participant : Comparison.alternate(participants(name), round)) {
            comparison.record(
                participant,
                round,
                runOnce(
                    participant,
                    name,
                    concurrency,
                    comparison.settings(concurrency, comparison.seconds)));
          }
        }
      }
    }
    readTables.forEach(comparison::drop);
    scanTables.forEach(comparison::drop);
  }

  /** What the run will take, roughly: every run at its full warm-up and measured time. */
  String estimate() {
    long pass = 0;
    long round = 0;
    for (String name : comparison.workloadNames) {
      int participants = participants(name).size();
      pass += participants * comparison.warmupRoundSeconds;
      round += participants * concurrencies(name).size() * (comparison.warmup + comparison.seconds);
    }
    long total = pass + comparison.rounds * round;
    return String.format(
        Locale.ROOT,
        "estimated time: a warm-up pass of about %d s, then %d round%s of about %d s:"
            + " about %.1f min, plus loading the read tables and the checks after each run",
        pass,
        comparison.rounds,
        comparison.rounds == 1 ? "" : "s",
        round,
        total / 60.0);
  }

  /** The servers, then the baselines that take part in this workload. */
  private List<String> participants(String name) {
    List<String> participants = new ArrayList<>(comparison.targets.keySet());
    participants.addAll(comparison.baselines.of(name));
    return participants;
  }

  private WorkloadResult runOnce(
      String participant, String name, int concurrency, RunSettings settings) {
    if (!comparison.targets.containsKey(participant)) {
      return comparison.baselines.run(
          participant, catalog, concurrency, catalog.tableShape(comparison.readEntities), settings);
    }
    ReadTable table = (name.equals("scan") ? scanTables : readTables).get(participant);
    return WorkloadRun.execute(
        comparison.targets.get(participant),
        catalog.create(name, concurrency, table, comparison.deleteEntities),
        settings);
  }

  private List<Integer> concurrencies(String name) {
    return switch (name) {
      case "insert" -> comparison.insertConcurrency;
      case "point-read" -> comparison.readConcurrency;
      case "partition-query" -> comparison.queryConcurrency;
      case "batch" -> List.of(comparison.batchConcurrency);
      case "upsert" -> List.of(comparison.upsertConcurrency);
      default -> List.of(1);
    };
  }

  private void loadTables() {
    List<String> names = comparison.workloadNames;
    for (String target : comparison.targets.keySet()) {
      if (names.contains("point-read") || names.contains("partition-query")) {
        readTables.put(target, load(target, comparison.readEntities));
      }
      if (names.contains("scan")) {
        scanTables.put(
            target,
            comparison.scanEntities == comparison.readEntities && readTables.containsKey(target)
                ? readTables.get(target)
                : load(target, comparison.scanEntities));
      }
    }
  }

  private ReadTable load(String target, long entities) {
    ReadTable table =
        new ReadTable(ScratchTable.named("read").name(), catalog.tableShape(entities));
    WorkloadResult load =
        table.load(comparison.targets.get(target), 0, Duration.ofSeconds(comparison.loadSeconds));
    comparison.record(target, 0, load);
    if (!load.correct()) {
      throw new IllegalStateException(
          target + ": loading " + entities + " entities failed; nothing to measure");
    }
    return table;
  }
}
