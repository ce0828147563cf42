package dev.tabula.core;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;

/**
 * One page of Query Entities.
 *
 * @param entities the entities, in key order
 * @param next where the next page starts, or null when this is the last page
 * @param scanned how many entities were read to build this page
 */
public record EntityPage(List<Entity> entities, EntityKey next, long scanned) {
  public EntityPage {
    entities = List.copyOf(entities);
  }
}
