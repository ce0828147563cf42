package dev.tabula.conformance.support;

import com.azure.data.tables.models.TableEntity;
import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Entities as comparable values, from what the Azure SDK reads and from what the {@code tabula}
 * data commands write: each property as its Edm type and its value as a Java object (a Double by
 * its value, so {@code 1.0E10} and {@code 10000000000.0} agree; a DateTime as an instant to the 100
 * ns; Binary as base64), keys apart.
 */
public final class SdkEntities {
  private SdkEntities() {}

  /** A typed value: the Edm type's name and the value. */
  public record Typed(String type, Object value) {}

  /** The keys and properties of an SDK entity (its Timestamp and ETag left out). */
  public static Map<String, Object> of(TableEntity entity) {
    Map<String, Object> values = new TreeMap<>();
    values.put("PartitionKey", entity.getPartitionKey());
    values.put("RowKey", entity.getRowKey());
    entity
        .getProperties()
        .forEach(
            (name, value) -> {
              if (!name.equals("PartitionKey")
                  && !name.equals("RowKey")
                  && !name.equals("Timestamp")
                  && !name.startsWith("odata.")
                  && !name.endsWith("@odata.type")) {
                values.put(name, typed(value));
              }
            });
    return values;
  }

  /** The keys and properties of an entity the tools read from a file. */
  public static Map<String, Object> of(TransferEntity entity) {
    Map<String, Object> values = new TreeMap<>();
    values.put("PartitionKey", entity.partitionKey());
    values.put("RowKey", entity.rowKey());
    for (TypedProperty property : entity.properties()) {
      values.put(property.name(), typed(property));
    }
    return values;
  }

  private static Typed typed(Object value) {
    if (value instanceof String s) {
      return new Typed("Edm.String", s);
    } else if (value instanceof Integer i) {
      return new Typed("Edm.Int32", i);
    } else if (value instanceof Long l) {
      return new Typed("Edm.Int64", l);
    } else if (value instanceof Double d) {
      return new Typed("Edm.Double", d);
    } else if (value instanceof Boolean b) {
      return new Typed("Edm.Boolean", b);
    } else if (value instanceof OffsetDateTime t) {
      return new Typed("Edm.DateTime", t.toInstant());
    } else if (value instanceof UUID g) {
      return new Typed("Edm.Guid", g);
    } else if (value instanceof byte[] bytes) {
      return new Typed("Edm.Binary", Base64.getEncoder().encodeToString(bytes));
    }
    throw new IllegalArgumentException("a value of " + value.getClass());
  }

  private static Typed typed(TypedProperty property) {
    String text = property.text();
    EdmType type = property.type();
    Object value =
        switch (type) {
          case STRING -> text;
          case INT32 -> Integer.valueOf(text);
          case INT64 -> Long.valueOf(text);
          case DOUBLE -> Double.valueOf(text);
          case BOOLEAN -> Boolean.valueOf(text);
          case DATE_TIME -> OffsetDateTime.parse(text).toInstant();
          case GUID -> UUID.fromString(text);
          case BINARY -> Base64.getEncoder().encodeToString(Base64.getDecoder().decode(text));
        };
    return new Typed(type.wireName(), value);
  }
}
