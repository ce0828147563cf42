package dev.tabula.core;

import dev.tabula.engine.KeyBound;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.RowFilter;
import dev.tabula.model.EdmValue;
import dev.tabula.query.PropertySource;
import dev.tabula.query.QueryRange;
import dev.tabula.query.RangeBound;
import dev.tabula.query.RowResidual;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A query plan in the engine's words: the plan's key ranges as the engine's, and its residual as
 * the engine's row filter, reading a row's values as a filter does. The query module plans without
 * knowing engines; this is where the two meet. Stateless.
 */
final class ScanTranslation {
  private ScanTranslation() {}

  /** The engine's range of the same keys. */
  static KeyRange range(QueryRange range) {
    return new KeyRange(bound(range.lower()), bound(range.upper()));
  }

  private static @Nullable KeyBound bound(@Nullable RangeBound bound) {
    if (bound == null) {
      return null;
    }
    if (bound instanceof RangeBound.AtKey at) {
      return KeyBound.at(at.key());
    }
    return KeyBound.endOf(((RangeBound.AfterPartition) bound).partitionKey());
  }

  /**
   * The residual as a row filter declaring the same properties; {@link RowResidual#ALL} is {@link
   * RowFilter#ALL}, which an engine may recognise to skip the filter.
   */
  static RowFilter rowFilter(RowResidual residual) {
    if (residual == RowResidual.ALL) {
      return RowFilter.ALL;
    }
    Set<String> properties = residual.properties();
    return new RowFilter() {
      @Override
      public Set<String> properties() {
        return properties;
      }

      @Override
      public boolean test(Row row) {
        return residual.test(valuesOf(row));
      }
    };
  }

  /**
   * A scanned row as filters see an entity ({@link PropertySource#of}): {@code PartitionKey} and
   * {@code RowKey} as Edm.String, {@code Timestamp} as Edm.DateTime. Only the parts asked for are
   * read, so an engine that decodes rows lazily decodes only what the filter uses.
   */
  static PropertySource valuesOf(RowFilter.Row row) {
    return name ->
        switch (name) {
          case "PartitionKey" -> new EdmValue.EdmString(row.partitionKey());
          case "RowKey" -> new EdmValue.EdmString(row.rowKey());
          case "Timestamp" ->
              row.timestamp() == null ? null : new EdmValue.EdmDateTime(row.timestamp());
          default -> row.property(name);
        };
  }
}
