package dev.tabula.model;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Whether a table's entities expire, and after how long by default (Tabula's time-to-live
 * extension, docs/extensions.md).
 *
 * @param enabled whether entities of the table can expire at all; off, an expiry is an ordinary
 *     property as in Azure Tables
 * @param defaultDuration how long after each write an entity that names no expiry of its own lives,
 *     or null when only entities that name one expire (Cosmos DB's {@code DefaultTimeToLive} of -1)
 */
public record TimeToLive(boolean enabled, @Nullable Duration defaultDuration) {
  /** Entities never expire: the service's behaviour. */
  public static final TimeToLive OFF = new TimeToLive(false, null);

  public TimeToLive {
    if (defaultDuration != null) {
      if (!enabled) {
        throw new IllegalArgumentException("a default duration needs time-to-live enabled");
      }
      if (defaultDuration.isNegative() || defaultDuration.isZero()) {
        throw new IllegalArgumentException(
            "a default duration must be positive: " + defaultDuration);
      }
    }
  }

  /** Enabled, with no default: only entities that name their expiry expire. */
  public static TimeToLive withoutDefault() {
    return new TimeToLive(true, null);
  }

  /**
   * Enabled, each entity expiring {@code duration} after its last write unless it names another.
   */
  public static TimeToLive after(Duration duration) {
    return new TimeToLive(true, Objects.requireNonNull(duration, "duration"));
  }
}
