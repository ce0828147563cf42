package dev.tabula.engine;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityRules;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one committed apply did to one row, as a {@link ChangeFeed} tells it.
 *
 * @param kind insert when the row held no entity before, delete when it holds none after, else
 *     replace or merge after the last write of the row
 * @param entity the row's entity after the change (every property, the commit time as Timestamp),
 *     or null for a delete
 */
public record RowChange(String rowKey, Kind kind, @Nullable Entity entity) {

  /** How the row changed. */
  public enum Kind {
    INSERT,
    REPLACE,
    MERGE,
    DELETE
  }

  public RowChange {
    Objects.requireNonNull(rowKey, "rowKey");
    Objects.requireNonNull(kind, "kind");
    if ((entity == null) != (kind == Kind.DELETE)) {
      throw new IllegalArgumentException("an entity exactly when the row was not deleted");
    }
  }

  /**
   * The feed's view of a planned change: a row that did not exist before is an insert whatever
   * wrote it (an insert-or-merge onto nothing too), one without an entity after is a delete, and an
   * existing row keeps the kind of the batch's last write to it.
   */
  public static RowChange of(PartitionBatch.Change change, List<Write> writes) {
    if (change.entity() == null) {
      return new RowChange(change.rowKey(), Kind.DELETE, null);
    }
    if (!change.existed()) {
      return new RowChange(change.rowKey(), Kind.INSERT, change.entity());
    }
    Write.Kind last = Write.Kind.PUT;
    for (Write write : writes) {
      if (write.rowKey().equals(change.rowKey())) {
        last = write.kind();
      }
    }
    return new RowChange(
        change.rowKey(), last == Write.Kind.MERGE ? Kind.MERGE : Kind.REPLACE, change.entity());
  }

  /** A size for bounding pages: the entity's by the service's accounting, or its key's. */
  long size() {
    return entity == null ? 2L * rowKey.length() : EntityRules.size(entity);
  }
}
