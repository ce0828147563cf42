package dev.tabula.tools.entity;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An entity on its way from one place to another: its keys, the Timestamp the source gave it (if
 * any; a destination service sets its own), and its other properties in the source's order.
 *
 * @param partitionKey the PartitionKey
 * @param rowKey the RowKey
 * @param timestamp the source's Timestamp text ({@code 2024-01-02T03:04:05.1234567Z}), or null
 * @param properties the other properties (never PartitionKey, RowKey or Timestamp)
 */
public record TransferEntity(
    String partitionKey, String rowKey, @Nullable String timestamp, List<TypedProperty> properties)
    implements SourceEntity {

  public TransferEntity {
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(rowKey, "rowKey");
    properties = List.copyOf(properties);
  }

  @Override
  public TransferEntity values() {
    return this;
  }

  /** The same entity without its source Timestamp. */
  public TransferEntity withoutTimestamp() {
    return new TransferEntity(partitionKey, rowKey, null, properties);
  }
}
