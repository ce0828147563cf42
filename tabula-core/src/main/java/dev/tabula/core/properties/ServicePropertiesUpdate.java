package dev.tabula.core.properties;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A Set Table Service Properties request: each root element it names, null for those it leaves out.
 * Since version 2013-08-15 "if you omit a root element, the existing settings for the service for
 * that functionality are preserved"; an empty {@code <Cors/>} deletes every rule.
 */
public record ServicePropertiesUpdate(
    @Nullable AnalyticsLogging logging,
    @Nullable AnalyticsMetrics hourMetrics,
    @Nullable AnalyticsMetrics minuteMetrics,
    @Nullable List<CorsRule> cors) {

  public ServicePropertiesUpdate {
    cors = cors == null ? null : List.copyOf(cors);
  }

  /**
   * The properties after this update: what it names replaces, the rest of {@code current} stays.
   */
  public ServiceProperties applyTo(ServiceProperties current) {
    return new ServiceProperties(
        logging != null ? logging : current.logging(),
        hourMetrics != null ? hourMetrics : current.hourMetrics(),
        minuteMetrics != null ? minuteMetrics : current.minuteMetrics(),
        cors != null ? cors : current.cors());
  }
}
