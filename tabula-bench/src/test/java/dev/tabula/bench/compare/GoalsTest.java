package dev.tabula.bench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.tabula.bench.compare.Goals.Verdict;
import dev.tabula.bench.load.WorkloadResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 6's goals are computed from the medians of the figures recorded, ceilings included. */
class GoalsTest {
  private final ComparisonReport report =
      new ComparisonReport(
          List.of("tabula", "azurite"), List.of(Baselines.NETTY, Baselines.ROCKSDB));

  @Test
  void pointReads_areDividedByTheNettyServersMedianAtTheSameConcurrency() {
    record("tabula", "point read c=16", 4_000, 6_000, 5_000);
    record("azurite", "point read c=16", 1_000, 1_000, 1_000);
    record(Baselines.NETTY, "point read c=16", 12_000, 9_000, 10_000);
    record(Baselines.NETTY, "point read c=1", 50_000, 50_000, 50_000);

    Verdict ceiling = verdict("point reads, 16 clients: >= 0.5x minimal Netty");

    assertThat(ceiling.figure()).isCloseTo(0.5, within(1e-9));
    assertThat(ceiling.measured()).isEqualTo(5_000.0);
    assertThat(ceiling.reference()).isEqualTo(10_000.0);
    assertThat(ceiling.met()).isTrue();
    assertThat(verdict("point reads at 10k, 16 clients: >= 3x").figure())
        .isCloseTo(5.0, within(1e-9));
  }

  @Test
  void inserts_areDividedBySyncedPutsAtTheSameConcurrency_andUnmeasuredWithoutThem() {
    record("tabula", "insert c=16", 6_000, 6_000, 6_000);
    record(Baselines.ROCKSDB, "synced put c=16", 10_000, 10_000, 8_000);
    record(Baselines.ROCKSDB, "synced put c=1", 100, 100, 100);
    record("tabula", "insert c=64", 7_000);

    Verdict sixteen = verdict("durable inserts, 16 clients: >= 0.7x RocksDB synced puts");
    Verdict sixtyFour = verdict("durable inserts, 64 clients: >= 0.7x RocksDB synced puts");

    assertThat(sixteen.figure()).isCloseTo(0.6, within(1e-9));
    assertThat(sixteen.text()).isEqualTo("NOT MET");
    assertThat(sixtyFour.figure()).isNaN();
    assertThat(sixtyFour.text()).isEqualTo("not measured");
    assertThat(Goals.evaluate(report)).noneMatch(v -> v.goal().text().contains("1 client"));
  }

  @Test
  void print_showsTheRatioAndWhatWasDivided() {
    record("tabula", "insert c=1", 700);
    record(Baselines.ROCKSDB, "synced put c=1", 1_000);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    Goals.print(report, new PrintStream(bytes, true, StandardCharsets.UTF_8));

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains(
            "durable inserts, 1 client: >= 0.7x RocksDB synced puts",
            "0.70  met",
            "(tabula 700.0 / rocksdb 1000.0)");
  }

  private void record(String target, String workload, double... opsPerSecond) {
    for (int round = 0; round < opsPerSecond.length; round++) {
      report.add(
          target,
          round + 1,
          new WorkloadResult(workload, Map.of("ops/s", opsPerSecond[round]), List.of()));
    }
  }

  private Verdict verdict(String text) {
    return Goals.evaluate(report).stream()
        .filter(v -> v.goal().text().equals(text))
        .findFirst()
        .orElseThrow();
  }
}
