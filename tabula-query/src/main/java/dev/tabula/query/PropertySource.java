package dev.tabula.query;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The values a filter reads: a property's typed value by name, or null when there is none. */
@FunctionalInterface
public interface PropertySource {
  /** The names filters may use that are not custom properties. */
  Set<String> SYSTEM_PROPERTIES = Set.of("PartitionKey", "RowKey", "Timestamp");

  /** The value of the property {@code name} (case-sensitive), or null when it is absent. */
  @Nullable EdmValue get(String name);

  /**
   * An entity's properties, with {@code PartitionKey} and {@code RowKey} as Edm.String and {@code
   * Timestamp} as Edm.DateTime, as the service lets filters use them.
   */
  static PropertySource of(Entity entity) {
    return name ->
        switch (name) {
          case "PartitionKey" -> new EdmValue.EdmString(entity.partitionKey());
          case "RowKey" -> new EdmValue.EdmString(entity.rowKey());
          case "Timestamp" ->
              entity.timestamp() == null ? null : new EdmValue.EdmDateTime(entity.timestamp());
          default -> entity.properties().get(name);
        };
  }

  /**
   * A table as Query Tables filters see it: its only property is {@code TableName}. Other names are
   * absent, so comparisons on them match no table.
   */
  static PropertySource ofTable(String tableName) {
    return name -> name.equals("TableName") ? new EdmValue.EdmString(tableName) : null;
  }
}
