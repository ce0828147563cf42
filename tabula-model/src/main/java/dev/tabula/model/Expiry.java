package dev.tabula.model;

import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An entity's expiry (the time-to-live extension, docs/extensions.md): an Edm.DateTime stored as
 * the internal property {@value #PROPERTY}. That name is not a legal property name ({@link
 * EntityRules#checkPropertyName} refuses the {@code $}), so no client can write it, and every
 * engine and the batch planner can honour it without knowing the table's settings: an entity whose
 * expiry is at or before a moment is, from that moment on, absent. It does not count towards the
 * 252 custom properties; it does count in the entity's size, since it is stored.
 */
public final class Expiry {
  /** The internal property holding the expiry. */
  public static final String PROPERTY = "$expires";

  private Expiry() {}

  /** The expiry among {@code properties}, or null when there is none (or it is not a DateTime). */
  public static @Nullable Instant of(Map<String, EdmValue> properties) {
    return properties.get(PROPERTY) instanceof EdmValue.EdmDateTime expiry ? expiry.value() : null;
  }

  /** Whether {@code entity} carries an expiry at or before {@code at}. */
  public static boolean isExpired(Entity entity, Instant at) {
    return isExpired(entity.properties().get(PROPERTY), at);
  }

  /** Whether {@code value}, an expiry property's value or null, is at or before {@code at}. */
  public static boolean isExpired(@Nullable EdmValue value, Instant at) {
    return value instanceof EdmValue.EdmDateTime expiry && !expiry.value().isAfter(at);
  }
}
