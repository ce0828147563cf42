package dev.tabula.engine.rocksdb;

import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.index.IndexEntries;
import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableSettings;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * Secondary-index entries as RocksDB keys ({@link RocksKeys#indexKey}) with an empty value, staged
 * into the batch that writes the entity they follow, so that a reader never sees one without the
 * other. Which entries a change moves is {@link IndexEntries}' decision. Stateless.
 */
final class RocksIndexEntries {
  /** An entry's value: the key says everything. */
  static final byte[] NO_VALUE = new byte[0];

  private RocksIndexEntries() {}

  /** The ids of the indexes {@code settings} list. */
  static Set<Integer> indexIds(TableSettings settings) {
    return settings.indexes().stream().map(IndexDefinition::id).collect(Collectors.toSet());
  }

  /** Stages the puts and deletes of {@code indexes}' entries that one row's change makes. */
  static void stage(
      WriteBatch batch,
      ColumnFamilyHandle entities,
      long tableId,
      List<IndexDefinition> indexes,
      String partitionKey,
      PartitionBatch.Change change)
      throws RocksDBException {
    for (IndexEntries.Update update : IndexEntries.of(indexes, partitionKey, change)) {
      byte[] key = RocksKeys.indexKey(tableId, update.indexId(), update.entry());
      if (update.put()) {
        batch.put(entities, key, NO_VALUE);
      } else {
        batch.delete(entities, key);
      }
    }
  }
}
