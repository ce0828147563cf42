package dev.tabula.engine.tck;

import dev.tabula.model.EdmValue;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** Short ways to write property maps in contract tests. */
public final class TestEntities {
  private TestEntities() {}

  /**
   * Properties from alternating names and values; Java values map to their Edm type (String,
   * Integer, Long, Double, Boolean, byte[], Instant, UUID), EdmValues are taken as they are.
   */
  public static Map<String, EdmValue> props(Object... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("names and values must alternate");
    }
    Map<String, EdmValue> out = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      out.put((String) namesAndValues[i], value(namesAndValues[i + 1]));
    }
    return out;
  }

  /** The Edm value of a Java value, as {@link #props} maps it. */
  public static EdmValue value(Object value) {
    if (value instanceof EdmValue edm) {
      return edm;
    } else if (value instanceof String s) {
      return new EdmValue.EdmString(s);
    } else if (value instanceof Integer i) {
      return new EdmValue.EdmInt32(i);
    } else if (value instanceof Long l) {
      return new EdmValue.EdmInt64(l);
    } else if (value instanceof Double d) {
      return new EdmValue.EdmDouble(d);
    } else if (value instanceof Boolean b) {
      return new EdmValue.EdmBoolean(b);
    } else if (value instanceof byte[] bytes) {
      return new EdmValue.EdmBinary(bytes);
    } else if (value instanceof Instant t) {
      return new EdmValue.EdmDateTime(t);
    } else if (value instanceof UUID u) {
      return new EdmValue.EdmGuid(u);
    }
    throw new IllegalArgumentException("no Edm type for " + value);
  }

  /** The Int32 property {@code name} of a property map, for counters. */
  public static int intOf(Map<String, EdmValue> properties, String name) {
    return ((EdmValue.EdmInt32) properties.get(name)).value();
  }
}
