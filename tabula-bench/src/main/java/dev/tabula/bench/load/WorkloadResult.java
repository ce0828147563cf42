package dev.tabula.bench.load;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run of a workload measured and what it found wrong. A run with errors measured something
 * other than the workload (a failed request is fast), so its figures must not be quoted.
 *
 * @param workload the workload's name
 * @param metrics named figures in the order they were measured (units in the names)
 * @param errors correctness failures: bad statuses, wrong counts, disorder; empty when none
 */
public record WorkloadResult(String workload, Map<String, Double> metrics, List<String> errors) {

  public WorkloadResult {
    metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    errors = List.copyOf(errors);
  }

  /** True when the run found nothing wrong. */
  public boolean correct() {
    return errors.isEmpty();
  }
}
