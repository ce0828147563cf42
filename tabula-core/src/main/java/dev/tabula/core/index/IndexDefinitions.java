package dev.tabula.core.index;

import dev.tabula.model.IndexDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * The indexes a settings document asks for, matched with those the table has (docs/extensions.md,
 * "Secondary indexes"): an index of the same name on the same property is kept as it is (its id,
 * its state, its entries); any other is new and gets an id above every id the table has, and starts
 * {@link IndexDefinition.State#BUILDING}; an index left out is dropped. Stateless.
 */
public final class IndexDefinitions {
  private IndexDefinitions() {}

  /** The table's indexes once {@code requested} replaces {@code current}. */
  public static List<IndexDefinition> resolve(
      List<IndexDefinition> current, List<IndexDefinition> requested) {
    int nextId = current.stream().mapToInt(IndexDefinition::id).max().orElse(0) + 1;
    List<IndexDefinition> resolved = new ArrayList<>(requested.size());
    for (IndexDefinition asked : requested) {
      IndexDefinition kept =
          current.stream()
              .filter(c -> c.name().equals(asked.name()) && c.property().equals(asked.property()))
              .findFirst()
              .orElse(null);
      resolved.add(
          kept != null
              ? kept
              : new IndexDefinition(
                  nextId++, asked.name(), asked.property(), IndexDefinition.State.BUILDING));
    }
    return resolved;
  }

  /** The indexes of {@code after} that {@code before} did not have (by id): those to build. */
  public static List<IndexDefinition> added(
      List<IndexDefinition> before, List<IndexDefinition> after) {
    return after.stream().filter(a -> before.stream().noneMatch(b -> b.id() == a.id())).toList();
  }
}
