package dev.tabula.engine.rocksdb;

import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.engine.index.IndexRead;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.Arrays;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * One page read through a secondary index ({@link dev.tabula.engine.EntityStore#scanIndex}): the
 * read itself is {@link IndexRead}'s; this class gives it a {@link IndexRead.Source} whose cursors
 * (RocksDB iterators bounded to the index's keys) and point reads all see one RocksDB snapshot, so
 * a page never shows half a write batch, nor an entry without its entity. Everything native is
 * closed, and the snapshot released, before the page returns.
 */
final class RocksIndexScan implements IndexRead.Source, AutoCloseable {
  private final RocksDatabase database;
  private final long tableId;
  private final byte[] prefix;
  private final Snapshot snapshot;
  private final Slice lower;
  private final Slice upper;
  private final ReadOptions cursorReads;
  private final ReadOptions pointReads;

  private RocksIndexScan(RocksDatabase database, long tableId, int indexId) {
    this.database = database;
    this.tableId = tableId;
    this.prefix = RocksKeys.indexPrefix(tableId, indexId);
    this.snapshot = database.db.getSnapshot();
    this.lower = new Slice(prefix);
    this.upper = new Slice(RocksKeys.indexEnd(tableId, indexId));
    this.cursorReads =
        new ReadOptions()
            .setSnapshot(snapshot)
            .setIterateLowerBound(lower)
            .setIterateUpperBound(upper);
    this.pointReads = new ReadOptions().setSnapshot(snapshot);
  }

  /** Reads one page of {@code scan} from table {@code tableId}; the caller holds the database. */
  static IndexPage page(RocksDatabase database, long tableId, IndexScan scan) {
    try (RocksIndexScan source = new RocksIndexScan(database, tableId, scan.index().id())) {
      return IndexRead.read(source, scan);
    }
  }

  @Override
  public IndexRead.Cursor cursor() {
    return new Cursor(database.db.newIterator(database.entities, cursorReads));
  }

  @Override
  public Optional<Entity> read(EntityKey key) {
    String pk = key.partitionKey();
    String rk = key.rowKey();
    try {
      byte[] value =
          database.db.get(database.entities, pointReads, RocksKeys.entityKey(tableId, pk, rk));
      return Optional.ofNullable(value).map(bytes -> EntityValueCodec.decode(pk, rk, bytes));
    } catch (RocksDBException e) {
      throw new RocksStorageException("RocksDB failed", e);
    }
  }

  @Override
  public void close() {
    pointReads.close();
    cursorReads.close();
    upper.close();
    lower.close();
    database.db.releaseSnapshot(snapshot);
  }

  /** An iterator over the index's keys, showing each entry without the index's prefix. */
  private final class Cursor implements IndexRead.Cursor {
    private final RocksIterator it;

    Cursor(RocksIterator it) {
      this.it = it;
    }

    @Override
    public void seek(byte[] target) {
      byte[] key = Arrays.copyOf(prefix, prefix.length + target.length);
      System.arraycopy(target, 0, key, prefix.length, target.length);
      it.seek(key);
    }

    @Override
    public byte @Nullable [] entry() {
      if (!it.isValid()) {
        try {
          it.status(); // an I/O error ends iteration like the end of data; tell them apart
        } catch (RocksDBException e) {
          throw new RocksStorageException("RocksDB failed", e);
        }
        return null;
      }
      byte[] key = it.key(); // within the bounds, so it starts with the prefix
      return Arrays.copyOfRange(key, prefix.length, key.length);
    }

    @Override
    public void next() {
      it.next();
    }

    @Override
    public void close() {
      it.close();
    }
  }
}
