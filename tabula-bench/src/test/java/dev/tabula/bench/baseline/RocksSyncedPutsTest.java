package dev.tabula.bench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.bench.load.WorkloadResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write ceiling's measurement reports as the comparison expects and cleans up after itself. */
class RocksSyncedPutsTest {
  @TempDir Path dir;

  @Test
  void measure_reportsItsFigures_andDeletesItsDatabase() throws IOException {
    WorkloadResult result =
        RocksSyncedPuts.measure(dir, 2, Duration.ZERO, Duration.ofMillis(300), 128);

    assertThat(result.errors()).isEmpty();
    assertThat(result.workload()).isEqualTo("synced put c=2");
    assertThat(result.metrics()).containsKeys("ops", "ops/s", "entities/s", "p50 ms", "p99 ms");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }
}
