package dev.tabula.engine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One committed apply of a table with a change feed: every row it changed, at one commit time. A
 * partition batch ($batch) is one group, so a reader sees it whole or not at all.
 *
 * @param position where the group stands in its table's feed: positions only grow in commit order
 *     within a partition, and a reader resumes after one ({@link ChangeFeed#read})
 * @param time the commit time, the Timestamp of every entity in {@code rows}
 * @param rows in the order the batch first touched them
 */
public record ChangeGroup(long position, Instant time, String partitionKey, List<RowChange> rows) {
  public ChangeGroup {
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(partitionKey, "partitionKey");
    rows = List.copyOf(rows);
    if (position <= ChangeFeed.OLDEST) {
      throw new IllegalArgumentException("positions are positive: " + position);
    }
  }

  /** The group of a committed plan. */
  public static ChangeGroup of(
      long position,
      String partitionKey,
      List<Write> writes,
      ApplyResult.Committed result,
      List<PartitionBatch.Change> changes) {
    List<RowChange> rows = new ArrayList<>(changes.size());
    for (PartitionBatch.Change change : changes) {
      rows.add(RowChange.of(change, writes));
    }
    return new ChangeGroup(position, result.commitTime(), partitionKey, rows);
  }

  /** A size for bounding pages ({@link ChangeFeed#read}'s maxBytes). */
  public long size() {
    long size = 2L * partitionKey.length();
    for (RowChange row : rows) {
      size += row.size();
    }
    return size;
  }
}
