package dev.tabula.engine.index;

import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.codec.IndexEntryCodec;
import dev.tabula.engine.codec.IndexValueCodec;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The secondary-index entries a committed change adds and removes, the same for every engine: an
 * entity has one entry per index whose property it holds (NaN excepted: it matches no comparison),
 * and a change moves the entry only when the value's form changes. Stateless.
 */
public final class IndexEntries {
  private IndexEntries() {}

  /**
   * One entry to put or delete.
   *
   * @param indexId the {@link IndexDefinition#id()} of the index the entry belongs to
   * @param entry the entry's bytes within that index ({@link IndexEntryCodec})
   * @param put true to add the entry, false to remove it
   */
  public record Update(int indexId, byte[] entry, boolean put) {
    public Update {
      Objects.requireNonNull(entry, "entry");
    }
  }

  /**
   * The updates of the {@code indexes} that one row's change makes: its stored entity's entries
   * out, its new entity's in, only where they differ.
   */
  public static List<Update> of(
      List<IndexDefinition> indexes, String partitionKey, PartitionBatch.Change change) {
    if (indexes.isEmpty()) {
      return List.of();
    }
    EntityKey key = new EntityKey(partitionKey, change.rowKey());
    List<Update> updates = new ArrayList<>(2);
    for (IndexDefinition index : indexes) {
      byte @Nullable [] before = form(change.stored(), index);
      byte @Nullable [] after = form(change.entity(), index);
      if (Arrays.equals(before, after)) {
        continue;
      }
      if (before != null) {
        updates.add(new Update(index.id(), IndexEntryCodec.entry(before, key), false));
      }
      if (after != null) {
        updates.add(new Update(index.id(), IndexEntryCodec.entry(after, key), true));
      }
    }
    return updates;
  }

  /** The entry of {@code entity} in {@code index}, or null when it has none. */
  public static byte @Nullable [] entryOf(Entity entity, IndexDefinition index) {
    byte @Nullable [] form = form(entity, index);
    return form == null ? null : IndexEntryCodec.entry(form, entity.key());
  }

  private static byte @Nullable [] form(@Nullable Entity entity, IndexDefinition index) {
    if (entity == null) {
      return null;
    }
    EdmValue value = entity.properties().get(index.property());
    return value == null ? null : IndexValueCodec.encode(value).orElse(null);
  }
}
