package dev.tabula.bench.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Partition queries ({@code PartitionKey eq 'p042'}) from one client, one after another, each
 * followed through its continuations; the partitions visited stride across the table so caches see
 * a spread of keys. Checks each query returns the whole partition, only it, in order. Reports pages
 * and queries per second and the per-page latency.
 */
public final class PartitionQueryWorkload {
  private static final int STRIDE = 37;
  private static final int MAX_ERRORS_KEPT = 10;
  private static final long QUERY_GRACE_NANOS = 60_000_000_000L;

  private PartitionQueryWorkload() {}

  /** Runs partition queries over a table loaded with {@code shape}, within {@code bounds}. */
  public static WorkloadResult run(
      TableClient client, String table, EntityShape shape, RunBounds bounds) {
    Latencies pageLatencies = new Latencies();
    Latencies queryLatencies = new Latencies();
    List<String> errors = new ArrayList<>();
    long deadline = bounds.deadlineFromNow();
    long start = System.nanoTime();
    long queries = 0;
    long pages = 0;
    long entities = 0;
    while (bounds.allows(queries, deadline) && errors.size() < MAX_ERRORS_KEPT) {
      int partition = (int) ((queries * STRIDE) % shape.partitions());
      String pk = shape.partitionKey(partition);
      // A query started before the deadline may finish its pages (up to a minute more), so that
      // every query counted is whole.
      FullQuery query =
          FullQuery.run(client, table, "PartitionKey eq '" + pk + "'", new FeedReader("PartitionKey", pk),
              pageLatencies, 1_000, deadline + QUERY_GRACE_NANOS);
      queries++;
      pages += query.pages();
      entities += query.entities();
      queryLatencies.record(query.nanos());
      check(query, pk, shape, errors);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("queries", (double) queries);
    metrics.put("pages/query", pages / (double) Math.max(1, queries));
    metrics.put("pages/s", pages / seconds);
    metrics.put("queries/s", queries / seconds);
    metrics.put("entities/s", entities / seconds);
    metrics.put("page p50 ms", pageLatencies.percentileMillis(50));
    metrics.put("page p99 ms", pageLatencies.percentileMillis(99));
    metrics.put("query p50 ms", queryLatencies.percentileMillis(50));
    return new WorkloadResult("partition query", metrics, errors);
  }

  private static void check(FullQuery query, String pk, EntityShape shape, List<String> errors) {
    if (query.error() != null) {
      errors.add(pk + ": " + query.error());
    } else if (query.entities() != shape.rowsPerPartition()
        || query.mismatches() != 0
        || query.disorder() != 0) {
      errors.add(String.format(
          "%s: %d entities (expected %d), %d from other partitions, %d out of order",
          pk, query.entities(), shape.rowsPerPartition(), query.mismatches(), query.disorder()));
    }
  }
}
