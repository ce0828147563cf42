package dev.tabula.tools.format;

import dev.tabula.tools.entity.SourceEntity;
import org.jspecify.annotations.Nullable;

/**
 * One row of an entity file: the entity, or why the row is not one.
 *
 * @param line the 1-based line the row starts on
 * @param entity the entity, or null when the row could not be read
 * @param error why the row could not be read, or null
 */
public record NumberedEntity(long line, @Nullable SourceEntity entity, @Nullable String error) {

  /** A row read as an entity. */
  public static NumberedEntity of(long line, SourceEntity entity) {
    return new NumberedEntity(line, entity, null);
  }

  /** A row that is not an entity. */
  public static NumberedEntity unreadable(long line, String error) {
    return new NumberedEntity(line, null, error);
  }
}
