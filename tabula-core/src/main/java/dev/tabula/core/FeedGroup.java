package dev.tabula.core;

import dev.tabula.core.ttl.ExpiresAt;
import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.RowChange;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One committed apply (a single write or a whole {@code $batch}) as a change-feed reader sees it.
 *
 * @param position the token that resumes right after this group
 * @param time the commit time, every row's Timestamp
 */
public record FeedGroup(FeedToken position, Instant time, String partitionKey, List<Row> rows) {
  public FeedGroup {
    Objects.requireNonNull(position, "position");
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(partitionKey, "partitionKey");
    rows = List.copyOf(rows);
  }

  /**
   * One row of the group.
   *
   * @param kind {@code insert}, {@code replace}, {@code merge} or {@code delete}
   * @param entity the row's entity after the change, or null for a delete
   */
  public record Row(String rowKey, String kind, @Nullable Entity entity) {
    public Row {
      Objects.requireNonNull(rowKey, "rowKey");
      Objects.requireNonNull(kind, "kind");
    }
  }

  static FeedGroup of(long tableId, ChangeGroup group) {
    List<Row> rows =
        group.rows().stream()
            .map(row -> new Row(row.rowKey(), kindName(row.kind()), shown(row.entity())))
            .toList();
    return new FeedGroup(
        new FeedToken(tableId, group.position(), false), group.time(), group.partitionKey(), rows);
  }

  /** This group with only the rows {@code keep} accepts (a signature's key range). */
  public FeedGroup onlyRows(java.util.function.Predicate<Row> keep) {
    return new FeedGroup(position, time, partitionKey, rows.stream().filter(keep).toList());
  }

  /** As every entity the service shows: a time-to-live expiry as {@code TabulaExpiresAt}. */
  private static @Nullable Entity shown(@Nullable Entity entity) {
    return entity == null ? null : ExpiresAt.shown(entity);
  }

  private static String kindName(RowChange.Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }
}
