package dev.tabula.engine;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Decides which rows of a scan go into the page, and says which properties it reads, so an engine
 * that stores entities encoded can decode only those before deciding, and build the whole entity
 * only for rows that pass. An engine that holds whole entities may simply present them (see {@link
 * Row#of}). Implementations are immutable and thread-safe; a scan may call {@link #test} from any
 * thread, once per row, in key order.
 */
public interface RowFilter {

  /** Keeps every row and reads nothing. */
  RowFilter ALL =
      new RowFilter() {
        @Override
        public Set<String> properties() {
          return Set.of();
        }

        @Override
        public boolean test(Row row) {
          return true;
        }
      };

  /**
   * The names of the custom properties {@link #test} may read through {@link Row#property}, or null
   * when it may read any of them (for example through {@link Row#entity}). {@code PartitionKey},
   * {@code RowKey} and {@code Timestamp} are always readable and need not be named.
   */
  @Nullable Set<String> properties();

  /**
   * True when the row belongs in the page. The row is valid only during this call. It reads only
   * the key, the Timestamp and the properties named by {@link #properties} (any, when that is
   * null); asking for another property is allowed but may cost a decode of its own.
   */
  boolean test(Row row);

  /** A filter over whole entities: it reads every property. */
  static RowFilter ofEntities(Predicate<Entity> predicate) {
    Objects.requireNonNull(predicate, "predicate");
    return new RowFilter() {
      @Override
      public @Nullable Set<String> properties() {
        return null;
      }

      @Override
      public boolean test(Row row) {
        return predicate.test(row.entity());
      }
    };
  }

  /**
   * One stored row as a filter sees it: an engine may decode each part only when asked. Not
   * thread-safe; valid only during {@link RowFilter#test}.
   */
  interface Row {
    /** The row's PartitionKey. */
    String partitionKey();

    /** The row's RowKey. */
    String rowKey();

    /** The row's Timestamp; null only for a row over an entity never stored ({@link #of}). */
    @Nullable Instant timestamp();

    /** The custom property {@code name} (case-sensitive), or null when the row has none. */
    @Nullable EdmValue property(String name);

    /** The whole entity, with its Timestamp; an engine may build it once per row. */
    Entity entity();

    /** A row over an entity already in memory. */
    static Row of(Entity entity) {
      return new Row() {
        @Override
        public String partitionKey() {
          return entity.partitionKey();
        }

        @Override
        public String rowKey() {
          return entity.rowKey();
        }

        @Override
        public @Nullable Instant timestamp() {
          return entity.timestamp();
        }

        @Override
        public @Nullable EdmValue property(String name) {
          return entity.properties().get(name);
        }

        @Override
        public Entity entity() {
          return entity;
        }
      };
    }
  }
}
