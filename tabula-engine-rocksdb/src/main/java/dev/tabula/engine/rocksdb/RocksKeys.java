package dev.tabula.engine.rocksdb;

import dev.tabula.engine.KeyBound;
import dev.tabula.engine.codec.Wtf8;
import dev.tabula.model.EntityKey;

/**
 * Entity keys as RocksDB keys: {@code tableId (8 bytes, big-endian) | utf8(PartitionKey) | 0x00 |
 * utf8(RowKey)} (see {@link Wtf8} for the UTF-8 used). RocksDB's bytewise order of these keys is
 * the SPI's (PartitionKey, RowKey) code-point order within a table, because UTF-8 keeps code-point
 * order and a PartitionKey never contains U+0000 (keys hold no control characters), so the 0x00
 * separator sorts below every byte a longer PartitionKey could continue with.
 *
 * <p>A table's change feed ({@link RocksChangeFeed}) follows its entities under the same prefix:
 * {@code tableId | 0xFF | position (8 bytes, big-endian)}. UTF-8 never contains 0xFF, so these keys
 * sort after every entity key of the table ({@link #entitiesEnd} bounds scans) and a table's
 * deletion, one range over its prefix, deletes its feed too. Position 0 holds the feed's retention
 * mark ({@link #feedMarkKey}); groups have positive positions (commit ticks).
 *
 * <p>Public, with {@link #entityKey(long, String, String)} and {@link #decode}, because the format
 * is the engine's on-disk contract and the benchmarks (tabula-bench's {@code KeyCodecBenchmark})
 * measure it from outside the engine; the rest stays the engine's own.
 */
public final class RocksKeys {
  static final int TABLE_ID_BYTES = 8;

  /** After the table id, the start of a feed key: a byte no UTF-8 key contains. */
  private static final byte FEED_MARKER = (byte) 0xFF;

  private RocksKeys() {}

  /** The 8-byte prefix of every key of a table. Table ids are positive, so ids sort as bytes. */
  static byte[] tablePrefix(long tableId) {
    byte[] out = new byte[TABLE_ID_BYTES];
    writeId(out, tableId);
    return out;
  }

  /** The end of a table's entities: its feed's first possible key. */
  static byte[] entitiesEnd(long tableId) {
    byte[] out = new byte[TABLE_ID_BYTES + 1];
    writeId(out, tableId);
    out[TABLE_ID_BYTES] = FEED_MARKER;
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
    int separator = TABLE_ID_BYTES;
    while (key[separator] != 0x00) {
      separator++;
    }
    String pk = Wtf8.decode(key, TABLE_ID_BYTES, separator - TABLE_ID_BYTES);
    String rk = Wtf8.decode(key, separator + 1, key.length - separator - 1);
    return new EntityKey(pk, rk);
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
