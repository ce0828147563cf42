package dev.tabula.core.properties;

import java.util.Objects;

/**
 * The {@code Logging} settings of Storage Analytics. Tabula keeps and returns them but writes no
 * logs: no {@code $logs} data is produced.
 *
 * @param version the analytics version, {@code 1.0} today
 * @param delete whether delete requests are logged
 * @param read whether read requests are logged
 * @param write whether write requests are logged
 * @param retention how long logs are kept
 */
public record AnalyticsLogging(
    String version, boolean delete, boolean read, boolean write, RetentionPolicy retention) {

  /** A fresh account's logging: version 1.0, nothing logged, no retention. */
  public static final AnalyticsLogging DEFAULT =
      new AnalyticsLogging("1.0", false, false, false, RetentionPolicy.DISABLED);

  public AnalyticsLogging {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(retention, "retention");
  }
}
