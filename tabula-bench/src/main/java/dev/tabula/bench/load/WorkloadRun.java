package dev.tabula.bench.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one {@link Workload} against one endpoint: set-up, the measured run, the checks afterwards
 * and the tear-down, each request bounded by the settings' time-out. A failure anywhere becomes an
 * error of the result, whose figures must then not be quoted.
 */
public final class WorkloadRun {
  private static final int ADMIN_TIMEOUT_MILLIS = 300_000;

  private WorkloadRun() {}

  /** Runs {@code workload} against {@code endpoint} with (its narrowing of) {@code asked}. */
  public static WorkloadResult execute(
      TableEndpoint endpoint, Workload workload, RunSettings asked) {
    RunSettings settings = workload.settings(asked);
    List<String> errors = new ArrayList<>();
    try (TableConnection admin = new TableConnection(endpoint, ADMIN_TIMEOUT_MILLIS)) {
      try {
        workload.setUp(admin, settings);
      } catch (IOException | RuntimeException e) {
        errors.add("set-up: " + e.getMessage());
        tearDown(workload, admin, errors);
        return new WorkloadResult(workload.name(), java.util.Map.of(), errors);
      }
      RunStats stats = LoadRunner.run(endpoint, settings, workload.operation());
      errors.addAll(stats.errorReport());
      try {
        errors.addAll(workload.verify(admin, stats));
      } catch (IOException | RuntimeException e) {
        errors.add("checking afterwards: " + e);
      }
      tearDown(workload, admin, errors);
      return new WorkloadResult(workload.name(), stats.metrics(), errors);
    }
  }

  private static void tearDown(Workload workload, TableConnection admin, List<String> errors) {
    try {
      workload.tearDown(admin);
    } catch (IOException | RuntimeException e) {
      errors.add("tear-down: " + e);
    }
  }
}
