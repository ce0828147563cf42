package dev.tabula.core.properties;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The {@code HourMetrics} or {@code MinuteMetrics} settings of Storage Analytics. Kept and
 * returned; Tabula produces no {@code $Metrics} tables.
 *
 * @param version the analytics version, {@code 1.0} today
 * @param enabled whether metrics are collected
 * @param includeApis whether they are broken down by API; null when not given (the service only
 *     needs it when metrics are enabled, and only returns it then)
 * @param retention how long metrics are kept
 */
public record AnalyticsMetrics(
    String version, boolean enabled, @Nullable Boolean includeApis, RetentionPolicy retention) {

  /** A fresh account's metrics: version 1.0, disabled, no retention. */
  public static final AnalyticsMetrics DEFAULT =
      new AnalyticsMetrics("1.0", false, null, RetentionPolicy.DISABLED);

  public AnalyticsMetrics {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(retention, "retention");
  }
}
