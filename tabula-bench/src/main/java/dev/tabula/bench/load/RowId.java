package dev.tabula.bench.load;

/**
 * An entity's key as a client sees it in a feed, ordered as the service returns entities: by
 * PartitionKey, then RowKey (ordinal comparison; the benchmark's keys are ASCII).
 *
 * @param partitionKey the PartitionKey
 * @param rowKey the RowKey
 */
public record RowId(String partitionKey, String rowKey) implements Comparable<RowId> {

  @Override
  public int compareTo(RowId other) {
    int byPartition = partitionKey.compareTo(other.partitionKey);
    return byPartition != 0 ? byPartition : rowKey.compareTo(other.rowKey);
  }
}
