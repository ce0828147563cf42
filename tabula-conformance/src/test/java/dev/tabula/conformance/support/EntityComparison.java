package dev.tabula.conformance.support;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Compares two tables (on one endpoint or two) entity by entity, as the official SDK reads them:
 * the same keys in the same order, and for each entity the same property names, each with the same
 * Edm type (the SDK's Java type: Integer is Int32, Long Int64, and so on) and the same value:
 * Doubles by their bits (NaN equals NaN, -0.0 differs from 0.0), DateTimes to the 100 ns tick,
 * binaries byte by byte. What the service sets (Timestamp, ETag) and OData annotations are not
 * data, and are left out.
 */
public final class EntityComparison {
  /** Differences listed in a failure message; the count says how many there were. */
  private static final int LISTED = 10;

  private static final int VALUE_CHARS_SHOWN = 60;

  private final List<String> differences = new ArrayList<>();
  private int count;

  private EntityComparison() {}

  /** Compares every entity of {@code source} with the entity of {@code target} it should equal. */
  public static EntityComparison of(TableClient source, TableClient target) {
    return of(source.listEntities().stream().toList(), target.listEntities().stream().toList());
  }

  /** Compares two lists of entities, each in the order a listing gives them. */
  public static EntityComparison of(List<TableEntity> source, List<TableEntity> target) {
    EntityComparison comparison = new EntityComparison();
    comparison.compare(source, target);
    return comparison;
  }

  /** Whether the tables hold the same entities. */
  public boolean same() {
    return count == 0;
  }

  /** The first differences, one line each. */
  public List<String> differences() {
    return List.copyOf(differences);
  }

  /** Fails, listing the first differences, unless the tables hold the same entities. */
  public void assertSame() {
    if (!same()) {
      throw new AssertionError(report());
    }
  }

  /** The differences as a failure message: how many, then the first ones. */
  public String report() {
    return count
        + " difference(s) between source and target"
        + (count > LISTED ? ", the first " + LISTED : "")
        + ":\n  "
        + String.join("\n  ", differences);
  }

  private void compare(List<TableEntity> source, List<TableEntity> target) {
    Map<String, TableEntity> sourceByKey = byKey(source);
    Map<String, TableEntity> targetByKey = byKey(target);
    if (source.size() != target.size()) {
      note("source has " + source.size() + " entities, target " + target.size());
    }
    for (Map.Entry<String, TableEntity> entry : sourceByKey.entrySet()) {
      TableEntity copy = targetByKey.get(entry.getKey());
      if (copy == null) {
        note("missing in target: " + entry.getKey());
      } else {
        compareProperties(entry.getKey(), entry.getValue(), copy);
      }
    }
    for (String key : targetByKey.keySet()) {
      if (!sourceByKey.containsKey(key)) {
        note("not in source: " + key);
      }
    }
    compareOrder(source, target);
  }

  private void compareOrder(List<TableEntity> source, List<TableEntity> target) {
    List<String> sourceKeys = source.stream().map(EntityComparison::key).toList();
    List<String> targetKeys = target.stream().map(EntityComparison::key).toList();
    if (new java.util.HashSet<>(sourceKeys).equals(new java.util.HashSet<>(targetKeys))
        && !sourceKeys.equals(targetKeys)) {
      for (int i = 0; i < sourceKeys.size(); i++) {
        if (!sourceKeys.get(i).equals(targetKeys.get(i))) {
          note(
              "order differs at entity "
                  + i
                  + ": source lists "
                  + sourceKeys.get(i)
                  + ", target "
                  + targetKeys.get(i));
          return;
        }
      }
    }
  }

  private void compareProperties(String key, TableEntity source, TableEntity target) {
    Map<String, Object> want = data(source);
    Map<String, Object> got = data(target);
    for (Map.Entry<String, Object> property : want.entrySet()) {
      String name = property.getKey();
      if (!got.containsKey(name)) {
        note(key + ": property " + name + " missing in target");
        continue;
      }
      Object expected = property.getValue();
      Object actual = got.get(name);
      if (!typeOf(expected).equals(typeOf(actual))) {
        note(
            key
                + ": property "
                + name
                + " is "
                + describe(expected)
                + " in source, "
                + describe(actual)
                + " in target");
      } else if (!sameValue(expected, actual)) {
        note(
            key
                + ": property "
                + name
                + " is "
                + describe(expected)
                + " in source, "
                + describe(actual)
                + " in target");
      }
    }
    for (String name : got.keySet()) {
      if (!want.containsKey(name)) {
        note(key + ": property " + name + " (" + describe(got.get(name)) + ") not in source");
      }
    }
  }

  /** The entity's own properties: not its keys, the service's Timestamp, ETag or annotations. */
  private static Map<String, Object> data(TableEntity entity) {
    Map<String, Object> data = new TreeMap<>();
    for (Map.Entry<String, Object> property : entity.getProperties().entrySet()) {
      String name = property.getKey();
      boolean metadata =
          name.equals("PartitionKey")
              || name.equals("RowKey")
              || name.equals("Timestamp")
              || name.startsWith("odata.")
              || name.contains("@odata.");
      if (!metadata) {
        data.put(name, property.getValue());
      }
    }
    return data;
  }

  private static boolean sameValue(Object expected, Object actual) {
    if (expected instanceof Double a && actual instanceof Double b) {
      return Double.doubleToLongBits(a) == Double.doubleToLongBits(b);
    }
    if (expected instanceof OffsetDateTime a && actual instanceof OffsetDateTime b) {
      return a.toInstant().equals(b.toInstant());
    }
    if (expected instanceof byte[] a && actual instanceof byte[] b) {
      return Arrays.equals(a, b);
    }
    return Objects.equals(expected, actual);
  }

  /** The Edm type the SDK read a value as. */
  static String typeOf(Object value) {
    if (value instanceof String) {
      return "Edm.String";
    } else if (value instanceof Integer) {
      return "Edm.Int32";
    } else if (value instanceof Long) {
      return "Edm.Int64";
    } else if (value instanceof Double) {
      return "Edm.Double";
    } else if (value instanceof Boolean) {
      return "Edm.Boolean";
    } else if (value instanceof OffsetDateTime) {
      return "Edm.DateTime";
    } else if (value instanceof UUID) {
      return "Edm.Guid";
    } else if (value instanceof byte[]) {
      return "Edm.Binary";
    }
    return value == null ? "null" : value.getClass().getName();
  }

  private static String describe(Object value) {
    String text;
    if (value instanceof byte[] binary) {
      text = binary.length + " bytes " + Base64.getEncoder().encodeToString(binary);
    } else if (value instanceof Double d) {
      text = d + " (bits " + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
    } else {
      text = String.valueOf(value);
    }
    if (text.length() > VALUE_CHARS_SHOWN) {
      text = text.substring(0, VALUE_CHARS_SHOWN) + "... (" + text.length() + " chars)";
    }
    return typeOf(value) + " " + quote(text);
  }

  private static Map<String, TableEntity> byKey(List<TableEntity> entities) {
    Map<String, TableEntity> byKey = new LinkedHashMap<>();
    for (TableEntity entity : entities) {
      byKey.put(key(entity), entity);
    }
    return byKey;
  }

  private static String key(TableEntity entity) {
    return "(PartitionKey="
        + quote(entity.getPartitionKey())
        + ", RowKey="
        + quote(entity.getRowKey())
        + ")";
  }

  /** A value in quotes, long ones cut, line breaks and tabs shown as escapes. */
  private static String quote(String text) {
    String shown =
        text.length() > VALUE_CHARS_SHOWN
            ? text.substring(0, VALUE_CHARS_SHOWN) + "...(" + text.length() + " chars)"
            : text;
    return "'" + shown.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + "'";
  }

  private void note(String difference) {
    count++;
    if (differences.size() < LISTED) {
      differences.add(difference);
    }
  }
}
