package dev.tabula.tools.client;

import org.jspecify.annotations.Nullable;

/**
 * What a query asks for.
 *
 * @param filter the {@code $filter} text, or null for every entity
 * @param select the {@code $select} property names, comma-separated, or null for all (the keys are
 *     always read: an entity cannot travel without them)
 * @param top the most entities to read in all, or 0 for no limit
 */
public record EntityQuery(@Nullable String filter, @Nullable String select, long top) {

  /** Every entity of a table. */
  public static EntityQuery all() {
    return new EntityQuery(null, null, 0);
  }
}
