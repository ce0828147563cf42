package dev.tabula.bench.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a {@link LoadRunner} measured: operation and request counts, entities, latency histograms
 * (microseconds), errors, and the measured wall time.
 *
 * @param operations measured operations (correct or not) completed within the measured window
 * @param requests HTTP requests of the counted operations (more than operations for paged queries)
 * @param entities entities written or read by the measured correct operations
 * @param ackedEntities entities acknowledged over the whole run, warm-up included (what a write
 *     workload's table must hold afterwards)
 * @param seconds the measured wall time
 * @param operationMicros latency of each measured operation
 * @param requestMicros latency of each measured request
 * @param errorCount how many operations failed, warm-up included
 * @param errors the first few failures' messages
 * @param connects how many connections were opened (more than the workers means reconnects)
 */
public record RunStats(
    long operations,
    long requests,
    long entities,
    long ackedEntities,
    double seconds,
    Histogram operationMicros,
    Histogram requestMicros,
    long errorCount,
    List<String> errors,
    long connects) {

  /**
   * Operations per second, entities per second, p50 and p99 latencies (and per request, for paged
   * work).
   */
  public Map<String, Double> metrics() {
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("ops", (double) operations);
    metrics.put("ops/s", operations / seconds);
    metrics.put("entities/s", entities / seconds);
    metrics.put("p50 ms", millis(operationMicros, 50));
    metrics.put("p99 ms", millis(operationMicros, 99));
    if (requests != operations) {
      metrics.put("requests/s", requests / seconds);
      metrics.put("req p50 ms", millis(requestMicros, 50));
      metrics.put("req p99 ms", millis(requestMicros, 99));
    }
    return metrics;
  }

  /** The errors to report: the messages kept, and how many more there were. */
  public List<String> errorReport() {
    List<String> report = new ArrayList<>(errors);
    if (errorCount > errors.size()) {
      report.add((errorCount - errors.size()) + " more failed operations");
    }
    return report;
  }

  private static double millis(Histogram histogram, double percentile) {
    return histogram.getTotalCount() == 0
        ? Double.NaN
        : histogram.getValueAtPercentile(percentile) / 1e3;
  }
}
