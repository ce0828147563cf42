package dev.tabula.engine.rocksdb;

import dev.tabula.engine.KeyBound;
import dev.tabula.engine.codec.IndexEntryCodec;
import dev.tabula.engine.codec.Wtf8;
import dev.tabula.model.EntityKey;

/**
 * Entity keys as RocksDB keys: {@code tableId (8 bytes, big-endian) | utf8(PartitionKey) | 0x00 |
 * utf8(RowKey)} (see {@link Wtf8} for the UTF-8 used). RocksDB's bytewise order of these keys is
 * the SPI's (PartitionKey, RowKey) code-point order within a table, because UTF-8 keeps code-point
 * order and a PartitionKey never contains U+0000 (keys hold no control characters), so the 0x00
 * separator sorts below every byte a longer PartitionKey could continue with.
 *
 * <p>A table's secondary-index entries follow its entities under the same prefix: {@code tableId |
 * 0xFE | indexId (4 bytes, big-endian) | entry}, where the entry is an {@link
 * dev.tabula.engine.codec.IndexEntryCodec} byte string and the value is empty. Then comes its
 * change feed ({@link RocksChangeFeed}): {@code tableId | 0xFF | position (8 bytes, big-endian)}.
 * UTF-8 never contains 0xFE or 0xFF, so index keys sort after every entity key of the table and
 * before its feed; {@link #entitiesEnd}, the first index key's lower bound, bounds every entity
 * scan, so that no scan reads an index or feed key as an entity. A table's deletion, one range over
 * its prefix, deletes its indexes and its feed too; an index's deletion is one range from {@link
 * #indexPrefix} to {@link #indexEnd}. Position 0 of a feed holds its retention mark ({@link
 * #feedMarkKey}); groups have positive positions (commit ticks).
 *
 * <p>A server older than the indexes cannot misread their keys: a table with indexes has settings
 * of a version it refuses ({@link dev.tabula.engine.codec.TableSettingsCodec}), so it fails to open
 * rather than scan them as entities.
 *
 * <p>Public, with {@link #entityKey(long, String, String)} and {@link #decode}, because the format
 * is the engine's on-disk contract and the benchmarks (tabula-bench's {@code KeyCodecBenchmark})
 * measure it from outside the engine; the rest stays the engine's own.
 */
public final class RocksKeys {
  static final int TABLE_ID_BYTES = 8;

  /** After the table id, the start of a feed key: a byte no UTF-8 key contains. */
  private static final byte FEED_MARKER = (byte) 0xFF;

  /** After the table id, the start of an index key: below the feed's, above every UTF-8 byte. */
  private static final byte INDEX_MARKER = (byte) 0xFE;

  private static final int INDEX_ID_BYTES = 4;

  private RocksKeys() {}

  /** The 8-byte prefix of every key of a table. Table ids are positive, so ids sort as bytes. */
  static byte[] tablePrefix(long tableId) {
    byte[] out = new byte[TABLE_ID_BYTES];
    writeId(out, tableId);
    return out;
  }

  /**
   * The end of a table's entities: its indexes' first possible key (its feed's keys come after
   * those), so that an entity scan bounded by it reads neither.
   */
  static byte[] entitiesEnd(long tableId) {
    byte[] out = new byte[TABLE_ID_BYTES + 1];
    writeId(out, tableId);
    out[TABLE_ID_BYTES] = INDEX_MARKER;
    return out;
  }

  /** The prefix of every key of one index of a table: {@code tableId | 0xFE | indexId}. */
  static byte[] indexPrefix(long tableId, int indexId) {
    if (indexId <= 0) {
      throw new IllegalArgumentException("index ids are positive: " + indexId);
    }
    return indexPrefixOf(tableId, indexId);
  }

  /**
   * The end of one index's keys: the next id's prefix. Written as an unsigned 4-byte number, so
   * even the largest id has an end above its keys.
   */
  static byte[] indexEnd(long tableId, int indexId) {
    indexPrefix(tableId, indexId); // checks the id
    return indexPrefixOf(tableId, indexId + 1L);
  }

  /** The key of an entry of an index: its prefix, then the entry's bytes. */
  static byte[] indexKey(long tableId, int indexId, byte[] entry) {
    byte[] prefix = indexPrefix(tableId, indexId);
    byte[] out = new byte[prefix.length + entry.length];
    System.arraycopy(prefix, 0, out, 0, prefix.length);
    System.arraycopy(entry, 0, out, prefix.length, entry.length);
    return out;
  }

  private static byte[] indexPrefixOf(long tableId, long indexId) {
    byte[] out = new byte[TABLE_ID_BYTES + 1 + INDEX_ID_BYTES];
    writeId(out, tableId);
    out[TABLE_ID_BYTES] = INDEX_MARKER;
    for (int i = 0; i < INDEX_ID_BYTES; i++) {
      out[TABLE_ID_BYTES + 1 + i] = (byte) (indexId >>> (24 - 8 * i));
    }
    return out;
  }

  /** The key of a change group of a table's feed. */
  static byte[] feedKey(long tableId, long position) {
    byte[] out = new byte[TABLE_ID_BYTES + 1 + 8];
    writeId(out, tableId);
    out[TABLE_ID_BYTES] = FEED_MARKER;
    for (int i = 0; i < 8; i++) {
      out[TABLE_ID_BYTES + 1 + i] = (byte) (position >>> (56 - 8 * i));
    }
    return out;
  }

  /** The key of a table feed's retention mark (the newest position its trims removed). */
  static byte[] feedMarkKey(long tableId) {
    return feedKey(tableId, 0);
  }

  /** The position of a {@link #feedKey}. */
  static long feedPosition(byte[] key) {
    long position = 0;
    for (int i = 0; i < 8; i++) {
      position = position << 8 | (key[TABLE_ID_BYTES + 1 + i] & 0xFF);
    }
    return position;
  }

  /** The key of an entity. */
  public static byte[] entityKey(long tableId, String partitionKey, String rowKey) {
    byte[] pk = partitionBytes(partitionKey);
    byte[] rk = Wtf8.encode(rowKey);
    byte[] out = new byte[TABLE_ID_BYTES + pk.length + 1 + rk.length];
    writeId(out, tableId);
    System.arraycopy(pk, 0, out, TABLE_ID_BYTES, pk.length);
    out[TABLE_ID_BYTES + pk.length] = 0x00;
    System.arraycopy(rk, 0, out, TABLE_ID_BYTES + pk.length + 1, rk.length);
    return out;
  }

  /** The key of an entity. */
  static byte[] entityKey(long tableId, EntityKey key) {
    return entityKey(tableId, key.partitionKey(), key.rowKey());
  }

  /**
   * The smallest byte string at or after a position, to seek to or to stop before.
   *
   * <p>{@link KeyBound.AtKey} is its key. {@link KeyBound.AfterPartition}{@code (pk)} is {@code
   * tableId | utf8(pk) | 0x01}: every key of partition {@code pk} continues {@code utf8(pk)} with
   * the separator 0x00 and so sorts below it; every later PartitionKey either differs from {@code
   * pk} at some byte by a greater byte, or extends {@code pk} with a byte of at least 0x01 (never
   * 0x00, since U+0000 is not in keys), and so sorts at or above it. Nothing sorts between the two
   * groups except non-keys, so the position is exact.
   */
  static byte[] bound(long tableId, KeyBound bound) {
    if (bound instanceof KeyBound.AtKey at) {
      return entityKey(tableId, at.key());
    }
    byte[] pk = partitionBytes(((KeyBound.AfterPartition) bound).partitionKey());
    byte[] out = new byte[TABLE_ID_BYTES + pk.length + 1];
    writeId(out, tableId);
    System.arraycopy(pk, 0, out, TABLE_ID_BYTES, pk.length);
    out[TABLE_ID_BYTES + pk.length] = 0x01;
    return out;
  }

  /** The entity key a RocksDB key encodes; the first 0x00 after the table id ends the PK. */
  public static EntityKey decode(byte[] key) {
    return IndexEntryCodec.keyAt(key, TABLE_ID_BYTES);
  }

  private static byte[] partitionBytes(String partitionKey) {
    if (partitionKey.indexOf('\u0000') >= 0) {
      // Would collide with the separator and break the key order; the service forbids it anyway.
      throw new IllegalArgumentException("a PartitionKey cannot contain U+0000");
    }
    return Wtf8.encode(partitionKey);
  }

  private static void writeId(byte[] out, long tableId) {
    if (tableId < 0) {
      throw new IllegalArgumentException("table ids are not negative: " + tableId);
    }
    for (int i = 0; i < TABLE_ID_BYTES; i++) {
      out[i] = (byte) (tableId >>> (56 - 8 * i));
    }
  }
}
