package dev.tabula.engine.codec;

import dev.tabula.engine.KeyBound;
import dev.tabula.model.EntityKey;

/**
 * The bytes of a secondary-index entry within its index (docs/design/secondary-indexes.md,
 * "Layout"): {@code form | utf8(PartitionKey) | 0x00 | utf8(RowKey)}, where {@code form} is the
 * value's {@link IndexValueCodec} form. Each engine puts its own prefix (table, index id) before
 * these bytes. For one value, entries sort in the service's (PartitionKey, RowKey) order, for the
 * reason RocksDB's entity keys do: UTF-8 keeps code-point order and a key never holds U+0000, so
 * the 0x00 separator sorts below every byte a longer PartitionKey could continue with. Stateless.
 */
public final class IndexEntryCodec {
  private IndexEntryCodec() {}

  /** The entry of an entity whose indexed value has the form {@code form}. */
  public static byte[] entry(byte[] form, EntityKey key) {
    byte[] suffix = keyBytes(key);
    byte[] out = new byte[form.length + suffix.length];
    System.arraycopy(form, 0, out, 0, form.length);
    System.arraycopy(suffix, 0, out, form.length, suffix.length);
    return out;
  }

  /** An entity key as the bytes that follow the form: {@code utf8(PK) | 0x00 | utf8(RK)}. */
  public static byte[] keyBytes(EntityKey key) {
    byte[] pk = Wtf8.encode(key.partitionKey());
    byte[] rk = Wtf8.encode(key.rowKey());
    byte[] out = new byte[pk.length + 1 + rk.length];
    System.arraycopy(pk, 0, out, 0, pk.length);
    System.arraycopy(rk, 0, out, pk.length + 1, rk.length);
    return out;
  }

  /**
   * The smallest key bytes at or after a position: its key for {@link KeyBound.AtKey}; for {@link
   * KeyBound.AfterPartition}{@code (pk)}, {@code utf8(pk) | 0x01}, above every key of {@code pk}
   * and at or below every key of a later partition (RocksDB's {@code RocksKeys.bound} gives the
   * reasoning).
   */
  public static byte[] position(KeyBound bound) {
    if (bound instanceof KeyBound.AtKey at) {
      return keyBytes(at.key());
    }
    byte[] pk = Wtf8.encode(((KeyBound.AfterPartition) bound).partitionKey());
    byte[] out = new byte[pk.length + 1];
    System.arraycopy(pk, 0, out, 0, pk.length);
    out[pk.length] = 0x01;
    return out;
  }

  /**
   * The entity key whose {@link #keyBytes} fill {@code bytes} from {@code offset} to the end: after
   * an index entry's form, or after a RocksDB key's table id (the engine's entity keys have the
   * same form).
   */
  public static EntityKey keyAt(byte[] bytes, int offset) {
    int separator = offset;
    while (bytes[separator] != 0x00) {
      separator++;
    }
    String pk = Wtf8.decode(bytes, offset, separator - offset);
    String rk = Wtf8.decode(bytes, separator + 1, bytes.length - separator - 1);
    return new EntityKey(pk, rk);
  }
}
