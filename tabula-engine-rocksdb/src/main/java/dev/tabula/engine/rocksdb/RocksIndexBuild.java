package dev.tabula.engine.rocksdb;

import dev.tabula.engine.index.IndexEntries;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.IndexDefinition;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.WriteBatch;

/**
 * Adds an index's entries for the entities a table already holds ({@link
 * dev.tabula.engine.EntityStore#buildIndex}), in chunks of {@link #CHUNK} entities, each read and
 * written as one synced batch between commit rounds ({@link RocksLiveTables#betweenApplies}):
 *
 * <ul>
 *   <li>The first chunk waits for every round in progress, so every round that may have planned
 *       without the index has written before the build reads; later rounds maintain it.
 *   <li>No write changes an entity between a chunk's read and its write, so the build never puts an
 *       entry of a value an entity no longer has (it would stay until the entity's next change).
 *   <li>Each chunk checks that the table and the index are still listed, under the gate that their
 *       deletion takes, so a build never writes entries that nothing would reclaim; a build whose
 *       table or index is gone stops quietly.
 *   <li>Synced, so an entity never loses its entry in a crash once the build returned (the index is
 *       marked ready only then); the puts are idempotent, so a build cut short runs again.
 * </ul>
 *
 * <p>Memory: one chunk. Applies wait for one chunk at a time, never for the whole build, and the
 * engine can close between chunks. Thread-safe.
 */
final class RocksIndexBuild {
  /** Entities per batch: a bounded pause for the commit lanes, a bounded batch in memory. */
  static final int CHUNK = 1_000;

  private final RocksDatabase database;
  private final RocksLiveTables live;
  private final RocksTableSettings settings;

  RocksIndexBuild(RocksDatabase database, RocksLiveTables live, RocksTableSettings settings) {
    this.database = database;
    this.live = live;
    this.settings = settings;
  }

  /** Adds the entries of {@code index} for every entity of table {@code tableId}. */
  void build(long tableId, IndexDefinition index) {
    byte[] from = RocksKeys.tablePrefix(tableId);
    while (from != null) {
      byte[] start = from;
      from = database.use(() -> live.betweenApplies(() -> chunk(tableId, index, start)));
    }
  }

  /**
   * Adds the entries of up to {@link #CHUNK} entities from {@code start}.
   *
   * @return the key to go on from, or null when the table has no more entities or the table or the
   *     index is gone
   */
  private byte @Nullable [] chunk(long tableId, IndexDefinition index, byte[] start)
      throws RocksDBException {
    if (!live.contains(tableId) || !listed(tableId, index)) {
      return null;
    }
    try (Slice upper = new Slice(RocksKeys.entitiesEnd(tableId));
        ReadOptions options = new ReadOptions().setIterateUpperBound(upper);
        RocksIterator it = database.db.newIterator(database.entities, options);
        WriteBatch batch = new WriteBatch()) {
      RocksRow row = new RocksRow(Set.of(index.property()));
      int read = 0;
      for (it.seek(start); it.isValid() && read < CHUNK; it.next(), read++) {
        row.reset(it.key(), it.value());
        byte @Nullable [] entry = entryOf(row, index);
        if (entry != null) {
          batch.put(
              database.entities,
              RocksKeys.indexKey(tableId, index.id(), entry),
              RocksIndexEntries.NO_VALUE);
        }
      }
      it.status();
      byte @Nullable [] next = it.isValid() ? it.key() : null;
      if (batch.count() > 0) {
        database.write(batch);
      }
      return next;
    }
  }

  /**
   * The entry of a stored row, from its indexed property alone: the rest of the entity is not
   * decoded, since the commit rounds wait while a chunk is read.
   */
  private static byte @Nullable [] entryOf(RocksRow row, IndexDefinition index) {
    EdmValue value = row.property(index.property());
    if (value == null) {
      return null;
    }
    Entity indexed =
        new Entity(row.partitionKey(), row.rowKey(), null, Map.of(index.property(), value));
    return IndexEntries.entryOf(indexed, index);
  }

  /** Whether the table's settings still list the index (by id). */
  private boolean listed(long tableId, IndexDefinition index) {
    return settings.of(tableId).indexes().stream().anyMatch(i -> i.id() == index.id());
  }
}
