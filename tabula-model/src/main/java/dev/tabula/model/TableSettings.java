package dev.tabula.model;

import java.time.Duration;
import java.util.Objects;
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
 */
public record TableSettings(TimeToLive timeToLive, @Nullable Duration changeFeedRetention) {
  /** No extension: the table behaves exactly as in Azure Tables. */
  public static final TableSettings NONE = new TableSettings(TimeToLive.OFF, null);

  public TableSettings {
    Objects.requireNonNull(timeToLive, "timeToLive");
    if (changeFeedRetention != null
        && (changeFeedRetention.isNegative() || changeFeedRetention.isZero())) {
      throw new IllegalArgumentException("a retention must be positive: " + changeFeedRetention);
    }
  }

  /** Whether the table records its changes in a change feed. */
  public boolean hasChangeFeed() {
    return changeFeedRetention != null;
  }

  /** These settings with another time-to-live. */
  public TableSettings withTimeToLive(TimeToLive newTimeToLive) {
    return new TableSettings(newTimeToLive, changeFeedRetention);
  }

  /** These settings with another change-feed retention (null: no feed). */
  public TableSettings withChangeFeedRetention(@Nullable Duration retention) {
    return new TableSettings(timeToLive, retention);
  }
}
