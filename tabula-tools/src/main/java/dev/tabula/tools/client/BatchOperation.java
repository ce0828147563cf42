package dev.tabula.tools.client;

import dev.tabula.tools.entity.SourceEntity;
import java.util.Objects;

/**
 * One write in an entity group transaction.
 *
 * @param kind how the entity is written
 * @param entity the entity (its source Timestamp is never sent): typed values, or JSON sent as it
 *     is
 */
public record BatchOperation(Kind kind, SourceEntity entity) {

  /** The writes an import can make. */
  public enum Kind {
    /** Insert Entity: refused with 409 EntityAlreadyExists when the keys are taken. */
    INSERT,
    /** Insert Or Merge Entity: adds to the properties of an entity that exists. */
    INSERT_OR_MERGE,
    /** Insert Or Replace Entity: the entity becomes exactly this one. */
    INSERT_OR_REPLACE
  }

  public BatchOperation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(entity, "entity");
  }
}
