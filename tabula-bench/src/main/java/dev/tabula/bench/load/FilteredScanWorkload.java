package dev.tabula.bench.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Filtered scans on a non-key property ({@code Color eq 'Green'}) followed through every
 * continuation to the end of the table, one after another from one client. Checks each scan
 * returns exactly the Green entities, in key order. Reports the time per full scan.
 */
public final class FilteredScanWorkload {
  /** The filter scanned for. */
  public static final String FILTER = "Color eq 'Green'";

  private static final int MAX_PAGES = 100_000;

  private FilteredScanWorkload() {}

  /** Runs full filtered scans over a table loaded with {@code shape}, within {@code bounds}. */
  public static WorkloadResult run(
      TableClient client, String table, EntityShape shape, RunBounds bounds) {
    long expected = shape.countWithColor("Green");
    Latencies pageLatencies = new Latencies();
    Latencies scanLatencies = new Latencies();
    List<String> errors = new ArrayList<>();
    long deadline = bounds.deadlineFromNow();
    long scans = 0;
    long pages = 0;
    while (bounds.allows(scans, deadline) && errors.isEmpty()) {
      FullQuery scan =
          FullQuery.run(client, table, FILTER, new FeedReader("Color", "Green"), pageLatencies,
              MAX_PAGES, deadline);
      scans++;
      pages += scan.pages();
      if (scan.error() != null) {
        errors.add("scan " + scans + ": " + scan.error());
      } else if (scan.entities() != expected || scan.mismatches() != 0 || scan.disorder() != 0) {
        errors.add(String.format("scan %d: %d entities (expected %d), %d not Green, %d out of order",
            scans, scan.entities(), expected, scan.mismatches(), scan.disorder()));
      } else {
        scanLatencies.record(scan.nanos());
      }
    }
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("scans", (double) scanLatencies.count());
    metrics.put("pages/scan", pages / (double) Math.max(1, scans));
    metrics.put("scan p50 ms", scanLatencies.percentileMillis(50));
    metrics.put("scan max ms", scanLatencies.percentileMillis(100));
    metrics.put("page p50 ms", pageLatencies.percentileMillis(50));
    metrics.put("matches/s", expected / (scanLatencies.percentileMillis(50) / 1e3));
    return new WorkloadResult("filtered scan", metrics, errors);
  }
}
