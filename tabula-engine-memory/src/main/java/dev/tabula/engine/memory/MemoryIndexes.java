package dev.tabula.engine.memory;

import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.index.IndexEntries;
import dev.tabula.engine.index.IndexRead;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The secondary-index entries of one table: per index id, its entries as a sorted set of bytes. Not
 * thread-safe: {@link MemoryTable}'s lock guards it with the rows, so entries change in the same
 * step as the entities they name.
 */
final class MemoryIndexes {
  private List<IndexDefinition> definitions = List.of();
  private final Map<Integer, NavigableSet<byte[]>> entries = new HashMap<>();

  /** The indexes writes maintain from now on; entries of an index no longer listed go. */
  void define(List<IndexDefinition> indexes) {
    definitions = List.copyOf(indexes);
    Set<Integer> ids = indexes.stream().map(IndexDefinition::id).collect(Collectors.toSet());
    entries.keySet().retainAll(ids);
    for (Integer id : ids) {
      entries.computeIfAbsent(id, unused -> new TreeSet<>(Arrays::compareUnsigned));
    }
  }

  /** Moves the entries of the table's indexes as one row's committed change says. */
  void apply(String partitionKey, PartitionBatch.Change change) {
    for (IndexEntries.Update update : IndexEntries.of(definitions, partitionKey, change)) {
      NavigableSet<byte[]> set = entries.get(update.indexId());
      if (set == null) {
        continue; // never so: define() made a set for every listed index
      } else if (update.put()) {
        set.add(update.entry());
      } else {
        set.remove(update.entry());
      }
    }
  }

  /** Adds the entry of every stored entity to an index the table lists. */
  void build(IndexDefinition index, Iterable<Entity> rows) {
    NavigableSet<byte[]> set = entries.get(index.id());
    if (set == null) {
      return; // no longer listed: dropped meanwhile
    }
    for (Entity entity : rows) {
      byte @Nullable [] entry = IndexEntries.entryOf(entity, index);
      if (entry != null) {
        set.add(entry);
      }
    }
  }

  /** One index's entries and the table's rows, for a read under the table's lock. */
  IndexRead.Source source(int indexId, NavigableMap<EntityKey, Entity> rows) {
    NavigableSet<byte[]> set =
        entries.getOrDefault(indexId, new TreeSet<>(Arrays::compareUnsigned));
    return new IndexRead.Source() {
      @Override
      public IndexRead.Cursor cursor() {
        return new SetCursor(set);
      }

      @Override
      public Optional<Entity> read(EntityKey key) {
        return Optional.ofNullable(rows.get(key));
      }
    };
  }

  /** A cursor over a sorted set of entries. */
  private static final class SetCursor implements IndexRead.Cursor {
    private final NavigableSet<byte[]> set;
    private Iterator<byte[]> rest = List.<byte[]>of().iterator();
    private byte @Nullable [] current;

    SetCursor(NavigableSet<byte[]> set) {
      this.set = set;
    }

    @Override
    public void seek(byte[] target) {
      rest = set.tailSet(target, true).iterator();
      next();
    }

    @Override
    public byte @Nullable [] entry() {
      return current;
    }

    @Override
    public void next() {
      current = rest.hasNext() ? rest.next() : null;
    }

    @Override
    public void close() {
      // nothing held
    }
  }
}
