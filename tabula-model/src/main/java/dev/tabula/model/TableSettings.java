package dev.tabula.model;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a table carries beyond Azure Tables, declared per table through Tabula's extensions
 * (docs/extensions.md) and stored by the catalog with the table. A table starts with {@link #NONE},
 * which is the service's behaviour; the settings belong to the table's id, so a table created again
 * under a deleted table's name starts with {@link #NONE} too.
 *
 * @param timeToLive whether and how the table's entities expire
 * @param changeFeedRetention how long the table's change feed keeps each change, or null when the
 *     table has no change feed
 * @param indexes the table's secondary indexes, at most {@link IndexDefinition#MAX_PER_TABLE}, with
 *     distinct names and ids
 */
public record TableSettings(
    TimeToLive timeToLive, @Nullable Duration changeFeedRetention, List<IndexDefinition> indexes) {
  /** No extension: the table behaves exactly as in Azure Tables. */
  public static final TableSettings NONE = new TableSettings(TimeToLive.OFF, null);

  /** Settings without secondary indexes. */
  public TableSettings(TimeToLive timeToLive, @Nullable Duration changeFeedRetention) {
    this(timeToLive, changeFeedRetention, List.of());
  }

  public TableSettings {
    Objects.requireNonNull(timeToLive, "timeToLive");
    indexes = List.copyOf(indexes);
    if (indexes.size() > IndexDefinition.MAX_PER_TABLE) {
      throw new IllegalArgumentException("at most 8 indexes: " + indexes.size());
    }
    if (indexes.stream().map(IndexDefinition::name).distinct().count() < indexes.size()) {
      throw new IllegalArgumentException("index names must differ: " + indexes);
    }
    if (changeFeedRetention != null
        && (changeFeedRetention.isNegative() || changeFeedRetention.isZero())) {
      throw new IllegalArgumentException("a retention must be positive: " + changeFeedRetention);
    }
  }

  /** Whether the table records its changes in a change feed. */
  public boolean hasChangeFeed() {
    return changeFeedRetention != null;
  }

  /** The index of this name, if the table has it. */
  public Optional<IndexDefinition> index(String name) {
    return indexes.stream().filter(i -> i.name().equals(name)).findFirst();
  }

  /** The indexes queries may use. */
  public List<IndexDefinition> readyIndexes() {
    return indexes.stream().filter(IndexDefinition::isReady).toList();
  }

  /** These settings with another time-to-live. */
  public TableSettings withTimeToLive(TimeToLive newTimeToLive) {
    return new TableSettings(newTimeToLive, changeFeedRetention, indexes);
  }

  /** These settings with another change-feed retention (null: no feed). */
  public TableSettings withChangeFeedRetention(@Nullable Duration retention) {
    return new TableSettings(timeToLive, retention, indexes);
  }

  /** These settings with other indexes. */
  public TableSettings withIndexes(List<IndexDefinition> newIndexes) {
    return new TableSettings(timeToLive, changeFeedRetention, newIndexes);
  }
}
