package dev.tabula.core.ttl;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EncodedProperties;
import dev.tabula.model.Entity;
import dev.tabula.model.Expiry;
import dev.tabula.model.PropertyCursor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The name a client reads and writes an entity's expiry under, {@value #NAME}, and the renaming of
 * the stored internal property ({@link Expiry#PROPERTY}) to it in every entity the service shows.
 * Stateless.
 */
public final class ExpiresAt {
  /** The property a client reads and writes an entity's expiry as (Edm.DateTime). */
  public static final String NAME = "TabulaExpiresAt";

  /** The internal name's encoded bytes: ASCII, as the stored encoding keeps it (PropertyCursor). */
  private static final byte[] ENCODED = Expiry.PROPERTY.getBytes(StandardCharsets.US_ASCII);

  private ExpiresAt() {}

  /**
   * {@code stored} as a client sees it: its internal expiry, when it has one, shown as {@value
   * #NAME} in its place (so a plain property of that name, stored while the table had no
   * time-to-live, gives way to the expiry that governs the entity). The same instance without one.
   */
  public static Entity shown(Entity stored) {
    if (!hasExpiry(stored.properties())) {
      return stored;
    }
    Map<String, EdmValue> shown = new LinkedHashMap<>();
    stored
        .properties()
        .forEach(
            (name, value) -> {
              if (!name.equals(NAME)) {
                shown.put(name.equals(Expiry.PROPERTY) ? NAME : name, value);
              }
            });
    return new Entity(stored.partitionKey(), stored.rowKey(), stored.timestamp(), shown);
  }

  /**
   * Whether {@code properties} hold the internal expiry. Stored properties are probed by name on
   * their encoded bytes, so an entity without one keeps its unbuilt form, which the JSON writer
   * copies out without building a map (see {@link EncodedProperties}).
   */
  static boolean hasExpiry(Map<String, EdmValue> properties) {
    if (!(properties instanceof EncodedProperties encoded)) {
      return properties.containsKey(Expiry.PROPERTY);
    }
    PropertyCursor cursor = encoded.cursor();
    while (cursor.next()) {
      if (cursor.nameLength() == ENCODED.length
          && Arrays.equals(
              cursor.source(),
              cursor.nameStart(),
              cursor.nameStart() + ENCODED.length,
              ENCODED,
              0,
              ENCODED.length)) {
        return true;
      }
    }
    return false;
  }

  /** {@link #shown} of each, in order; null entries (deletes in a batch's results) stay null. */
  public static List<@Nullable Entity> shownAll(List<@Nullable Entity> stored) {
    List<@Nullable Entity> shown = new ArrayList<>(stored.size());
    for (@Nullable Entity entity : stored) {
      shown.add(entity == null ? null : shown(entity));
    }
    return shown;
  }
}
