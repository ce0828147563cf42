package dev.tabula.engine;

import dev.tabula.model.EdmValue;
import dev.tabula.model.ImmutableProperties;
import java.util.Map;
import java.util.Objects;

/**
 * One change to one entity of a partition.
 *
 * <ul>
 *   <li>{@link Kind#PUT}: the stored entity becomes exactly {@code properties} (insert, replace,
 *       insert-or-replace).
 *   <li>{@link Kind#MERGE}: {@code properties} are added to or overwrite the stored ones; others
 *       stay (merge, insert-or-merge; a merge onto nothing stores {@code properties}).
 *   <li>{@link Kind#DELETE}: the entity is removed; {@code properties} is empty.
 * </ul>
 */
public record Write(
    Kind kind, String rowKey, Map<String, EdmValue> properties, Precondition precondition) {

  /** What the write does. */
  public enum Kind {
    PUT,
    MERGE,
    DELETE
  }

  public Write {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(rowKey, "rowKey");
    Objects.requireNonNull(precondition, "precondition");
    properties = ImmutableProperties.copyOf(properties);
  }

  /** A PUT (replace) of the whole entity. */
  public static Write put(String rowKey, Map<String, EdmValue> properties, Precondition p) {
    return new Write(Kind.PUT, rowKey, properties, p);
  }

  /** A MERGE of the given properties into the entity. */
  public static Write merge(String rowKey, Map<String, EdmValue> properties, Precondition p) {
    return new Write(Kind.MERGE, rowKey, properties, p);
  }

  /** A DELETE of the entity. */
  public static Write delete(String rowKey, Precondition p) {
    return new Write(Kind.DELETE, rowKey, Map.of(), p);
  }
}
