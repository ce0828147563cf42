package dev.tabula.core;

import dev.tabula.model.EntityKey;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One stretch of a count: how many entities matched between the continuation it started at and
 * {@link #next}, the key to continue at (null when the count is complete).
 *
 * @param count the matching entities in this stretch
 * @param next where the next stretch starts, or null when there is none
 * @param scanned the entities read to find them
 * @param plan the plan's shape, as {@link EntityPage#plan()}
 */
public record EntityCountPage(long count, @Nullable EntityKey next, long scanned, String plan) {
  public EntityCountPage {
    Objects.requireNonNull(plan, "plan");
  }
}
