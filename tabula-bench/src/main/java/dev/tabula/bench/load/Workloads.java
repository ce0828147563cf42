package dev.tabula.bench.load;

import java.time.Duration;
import java.util.List;

/**
 * The workloads by name, as {@link LoadMain} and the comparison driver ask for them, and the knobs
 * they share. Immutable.
 *
 * @param bytes the JSON size of each entity (about 1 KiB by default)
 * @param properties the custom properties of each entity (10 by default)
 * @param rowsPerPartition the rows of each partition of a loaded read table (2,000 by default, so a
 *     partition query follows a continuation over two 1,000-entity pages)
 * @param batchSize the inserts per entity group transaction
 * @param hotKeys the keys upserts contend on
 * @param upsertMode which upserts are sent
 * @param loadBudget how long loading a table may take
 */
public record Workloads(
    int bytes,
    int properties,
    int rowsPerPartition,
    int batchSize,
    int hotKeys,
    UpsertWorkload.Mode upsertMode,
    Duration loadBudget) {

  /** Every workload name, in the order the comparison runs them. */
  public static final List<String> NAMES =
      List.of(
          "insert",
          "batch",
          "point-read",
          "partition-query",
          "scan",
          "quantity-query",
          "upsert",
          "delete-table");

  /**
   * The defaults: 1 KiB entities of 10 properties, 2,000-row partitions, batches of 100, 4 hot
   * keys.
   */
  public static Workloads defaults() {
    return new Workloads(
        1024,
        EntityShape.DEFAULT_PROPERTIES,
        2000,
        100,
        4,
        UpsertWorkload.Mode.MIXED,
        Duration.ofMinutes(10));
  }

  /** Whether a workload reads a loaded table. */
  public static boolean readsTable(String name) {
    return name.equals("point-read")
        || name.equals("partition-query")
        || name.equals("scan")
        || name.equals("quantity-query");
  }

  /** The shape of a loaded table of {@code entities} entities (a whole number of partitions). */
  public EntityShape tableShape(long entities) {
    int rows = (int) Math.min(rowsPerPartition, entities);
    if (entities % rows != 0) {
      throw new IllegalArgumentException(
          entities + " entities are not whole partitions of " + rows);
    }
    return new EntityShape((int) (entities / rows), rows, bytes, properties);
  }

  /**
   * The workload called {@code name}.
   *
   * @param readTable the loaded table for read workloads, else ignored (may be null)
   * @param tableEntities the size of the table delete-table deletes
   */
  public Workload create(String name, int concurrency, ReadTable readTable, long tableEntities) {
    EntityShape writes = new EntityShape(1, 1, bytes, properties);
    return switch (name) {
      case "insert" -> new InsertWorkload(writes, concurrency);
      case "batch" -> new BatchInsertWorkload(writes, batchSize, concurrency);
      case "point-read" -> new PointReadWorkload(readTable, concurrency);
      case "partition-query" -> new PartitionQueryWorkload(readTable, concurrency);
      case "scan" -> new FilteredScanWorkload(readTable);
      case "quantity-query" -> FilteredScanWorkload.quantity(readTable);
      case "upsert" -> new UpsertWorkload(writes, hotKeys, upsertMode, concurrency);
      case "delete-table" -> new DeleteTableWorkload(tableShape(tableEntities), loadBudget);
      default -> throw new IllegalArgumentException("no workload " + name + "; there are " + NAMES);
    };
  }
}
