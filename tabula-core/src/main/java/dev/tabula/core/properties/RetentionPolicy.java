package dev.tabula.core.properties;

import org.jspecify.annotations.Nullable;

/**
 * How long Storage Analytics keeps logs or metrics.
 *
 * @param enabled whether old data is deleted
 * @param days how many days data is kept, 1 to 365, when enabled; null when not
 */
public record RetentionPolicy(boolean enabled, @Nullable Integer days) {
  /** No retention policy: the service's default. */
  public static final RetentionPolicy DISABLED = new RetentionPolicy(false, null);
}
