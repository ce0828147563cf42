package dev.tabula.core.properties;

import java.util.List;
import java.util.Objects;

/**
 * The Table service properties of one account (learn.microsoft.com "Set Table Service Properties"):
 * Storage Analytics logging, hour and minute metrics, and up to five CORS rules in the order they
 * are evaluated. Immutable.
 */
public record ServiceProperties(
    AnalyticsLogging logging,
    AnalyticsMetrics hourMetrics,
    AnalyticsMetrics minuteMetrics,
    List<CorsRule> cors) {

  /**
   * What an account answers before anyone set its properties: analytics off at version 1.0 and no
   * CORS rules (CORS "is disabled for each service" by default, "CORS support for the Azure Storage
   * services"). Whether a new real account starts with hour metrics on is unconfirmed; Azurite
   * answers these values except that its logging flags are all true.
   */
  public static final ServiceProperties DEFAULTS =
      new ServiceProperties(
          AnalyticsLogging.DEFAULT, AnalyticsMetrics.DEFAULT, AnalyticsMetrics.DEFAULT, List.of());

  public ServiceProperties {
    Objects.requireNonNull(logging, "logging");
    Objects.requireNonNull(hourMetrics, "hourMetrics");
    Objects.requireNonNull(minuteMetrics, "minuteMetrics");
    cors = List.copyOf(cors);
  }

  /** Whether CORS is enabled: at least one rule is set. */
  public boolean corsEnabled() {
    return !cors.isEmpty();
  }
}
