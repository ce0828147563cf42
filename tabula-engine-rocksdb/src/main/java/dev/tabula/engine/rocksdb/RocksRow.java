package dev.tabula.engine.rocksdb;

import dev.tabula.engine.RowFilter;
import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.engine.codec.PropertyNames;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.time.Instant;
import java.util.Set;

/**
 * A scanned row that decodes only what its filter asks for: the key, the Timestamp, the filter's
 * declared properties (all in one pass), or the whole entity. One instance serves a whole page,
 * {@linkplain #reset reset} for each row, so a row the filter rejects costs no entity, no property
 * map and no key strings unless the filter reads the key. Not thread-safe.
 */
final class RocksRow implements RowFilter.Row {
  /** The declared properties, or null when the filter may read any. */
  private final PropertyNames names;

  private final EdmValue[] values;

  private byte[] key;
  private byte[] value;
  private EntityKey entityKey;
  private Entity entity;
  private boolean valuesDecoded;

  RocksRow(Set<String> properties) {
    this.names = properties == null ? null : PropertyNames.of(properties);
    this.values = new EdmValue[names == null ? 0 : names.size()];
  }

  /** Points this row at the next stored key and value, forgetting everything decoded. */
  void reset(byte[] key, byte[] value) {
    this.key = key;
    this.value = value;
    this.entityKey = null;
    this.entity = null;
    this.valuesDecoded = false;
  }

  EntityKey key() {
    if (entityKey == null) {
      entityKey = RocksKeys.decode(key);
    }
    return entityKey;
  }

  @Override
  public String partitionKey() {
    return key().partitionKey();
  }

  @Override
  public String rowKey() {
    return key().rowKey();
  }

  @Override
  public Instant timestamp() {
    return entity != null ? entity.timestamp() : EntityValueCodec.decodeTimestamp(value);
  }

  @Override
  public EdmValue property(String name) {
    if (entity != null) {
      return entity.properties().get(name);
    }
    int index = names == null ? -1 : names.indexOf(name);
    if (index < 0) {
      // Undeclared (or any-property filter): the whole entity, decoded once, answers the rest.
      return entity().properties().get(name);
    }
    if (!valuesDecoded) {
      EntityValueCodec.decodeProperties(value, names, values);
      valuesDecoded = true;
    }
    return values[index];
  }

  @Override
  public Entity entity() {
    if (entity == null) {
      EntityKey k = key();
      entity = EntityValueCodec.decode(k.partitionKey(), k.rowKey(), value);
    }
    return entity;
  }
}
