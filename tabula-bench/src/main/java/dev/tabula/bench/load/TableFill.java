package dev.tabula.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads partitions of an {@link EntityShape} into an existing table with entity group transactions
 * of 100 inserts (the service's limit), a few in flight, checking every response. Loading
 * partitions {@code [from, shape.partitions())} grows a table loaded up to {@code from} to the
 * whole shape.
 */
public final class TableFill {
  /** The service's limit on operations in one entity group transaction. */
  public static final int BATCH = 100;

  private TableFill() {}

  /**
   * Loads partitions {@code from} to the shape's last into {@code table}, within {@code budget}.
   */
  public static WorkloadResult fill(
      TableEndpoint endpoint,
      String table,
      EntityShape shape,
      int from,
      int concurrency,
      Duration budget) {
    int chunks = (shape.rowsPerPartition() + BATCH - 1) / BATCH;
    long batches = (long) (shape.partitions() - from) * chunks;
    long expected = (long) (shape.partitions() - from) * shape.rowsPerPartition();
    Operation batch =
        (connection, seq) -> {
          int partition = from + (int) (seq / chunks);
          int row = (int) (seq % chunks) * BATCH;
          int rows = Math.min(BATCH, shape.rowsPerPartition() - row);
          List<byte[]> entities = new ArrayList<>(rows);
          for (int i = 0; i < rows; i++) {
            entities.add(shape.json(partition, row + i));
          }
          HttpConnection.Response reply = connection.insertBatch(table, entities);
          int parts = reply.status() == 202 ? BatchBody.succeededParts(reply.body()) : 0;
          return parts == rows
              ? Outcome.ok(rows)
              : Outcome.failed(
                  "batch into "
                      + shape.partitionKey(partition)
                      + " answered "
                      + reply.status()
                      + " with "
                      + parts
                      + " parts succeeded: "
                      + reply.bodyText(200));
        };
    RunSettings settings =
        new RunSettings(
            concurrency,
            new RunBounds(Math.max(1, batches), budget),
            Duration.ZERO,
            (int) Math.min(Integer.MAX_VALUE, Math.max(60_000, budget.toMillis())));
    RunStats stats = LoadRunner.run(endpoint, settings, batch);
    List<String> errors = new ArrayList<>(stats.errorReport());
    if (stats.ackedEntities() != expected) {
      errors.add(
          "loaded "
              + stats.ackedEntities()
              + " of "
              + expected
              + " entities in "
              + budget.toSeconds()
              + " s");
    }
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("entities", (double) stats.ackedEntities());
    metrics.put("load s", stats.seconds());
    metrics.put("entities/s", stats.ackedEntities() / stats.seconds());
    metrics.put("batch p50 ms", stats.metrics().get("p50 ms"));
    metrics.put("batch p99 ms", stats.metrics().get("p99 ms"));
    return new WorkloadResult("load " + Sizes.label(shape.entities()), metrics, errors);
  }
}
