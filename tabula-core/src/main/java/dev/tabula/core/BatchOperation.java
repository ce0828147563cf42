package dev.tabula.core;

import dev.tabula.engine.Precondition;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One change of an entity group transaction, as the client asked for it: the table it names, the
 * kind of change, the entity (its key, and its properties for all but a delete) and the {@code
 * If-Match} condition. Immutable.
 *
 * <ul>
 *   <li>{@link Kind#INSERT}: Insert Entity; the key must be free.
 *   <li>{@link Kind#REPLACE}: Update Entity with an If-Match, Insert Or Replace Entity without.
 *   <li>{@link Kind#MERGE}: Merge Entity with an If-Match, Insert Or Merge Entity without.
 *   <li>{@link Kind#DELETE}: Delete Entity; the If-Match is required.
 * </ul>
 *
 * @param ifMatch the condition, or null for none (never null for a delete)
 */
public record BatchOperation(String table, Kind kind, Entity entity, @Nullable IfMatch ifMatch) {

  /** The change an operation makes. */
  public enum Kind {
    INSERT,
    REPLACE,
    MERGE,
    DELETE
  }

  public BatchOperation {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(entity, "entity");
    if (kind == Kind.DELETE) {
      Objects.requireNonNull(ifMatch, "a delete needs an If-Match");
    }
    if (kind == Kind.INSERT && ifMatch != null) {
      throw new IllegalArgumentException("an insert has no If-Match");
    }
  }

  /** The engine write this operation becomes. */
  Write toWrite() {
    return switch (kind) {
      case INSERT -> Write.put(entity.rowKey(), entity.properties(), Precondition.MUST_NOT_EXIST);
      case REPLACE -> Write.put(entity.rowKey(), entity.properties(), precondition());
      case MERGE -> Write.merge(entity.rowKey(), entity.properties(), precondition());
      // the constructor refused a delete without one
      case DELETE -> Write.delete(entity.rowKey(), Objects.requireNonNull(ifMatch).precondition());
    };
  }

  private Precondition precondition() {
    return ifMatch == null ? Precondition.NONE : ifMatch.precondition();
  }
}
