package dev.tabula.protocol.routing;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where an operation says which partition it touched once it knows it, for the access log and the
 * hot-partition metrics: an insert learns its PartitionKey from its body, an entity group
 * transaction from its operations, a query from its filter's plan. A request whose URL names an
 * entity needs none of this: its URL says it.
 *
 * <p>Written by whichever thread runs the operation, read once the request has been answered, on
 * another thread: one volatile reference to an immutable pair, so a reader sees a table and a key
 * that belong together, without a lock.
 */
public final class TouchedPartition {
  private volatile @Nullable TablePartition touched;

  /**
   * One partition of one table.
   *
   * @param table the table's name as the request gave it
   * @param partitionKey the PartitionKey
   */
  public record TablePartition(String table, String partitionKey) {
    public TablePartition {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(partitionKey, "partitionKey");
    }
  }

  /** Records that the request touched {@code partitionKey} of {@code table}; the last one holds. */
  public void touched(String table, String partitionKey) {
    this.touched = new TablePartition(table, partitionKey);
  }

  /** The partition the operation said it touched, or null when it said none. */
  public @Nullable TablePartition get() {
    return touched;
  }
}
