package dev.tabula.core;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One page of Query Entities.
 *
 * @param entities the entities, in key order
 * @param next where the next page starts, or null when this is the last page
 * @param scanned how many entities were read to build this page, including those the filter
 *     rejected
 * @param plan the shape of the query's plan ({@code point}, {@code partition}, {@code scan}, ...;
 *     see {@link dev.tabula.query.QueryPlan#description()})
 * @param partitionKey the one partition the plan reads, or null when it reads several or none (see
 *     {@link dev.tabula.query.QueryPlan#partitionKey()})
 */
public record EntityPage(
    List<Entity> entities,
    @Nullable EntityKey next,
    long scanned,
    String plan,
    @Nullable String partitionKey) {
  public EntityPage {
    entities = List.copyOf(entities);
    Objects.requireNonNull(plan, "plan");
  }

  /** The same page with other entities (the stored ones as the client sees them). */
  public EntityPage withEntities(List<Entity> shown) {
    return new EntityPage(shown, next, scanned, plan, partitionKey);
  }

  /** The same page, its plan described with a note: why an index was not used, say. */
  public EntityPage withPlan(String note) {
    return new EntityPage(entities, next, scanned, plan + " (" + note + ")", partitionKey);
  }

  /** A page of an unfiltered scan. */
  public EntityPage(List<Entity> entities, EntityKey next, long scanned) {
    this(entities, next, scanned, "scan", null);
  }
}
