package dev.tabula.engine.rocksdb;

import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.codec.Wtf8;
import java.util.Optional;
import org.rocksdb.WriteBatch;

/**
 * The RocksDB engine's account settings: one record per value in the catalog column family, keyed
 * {@code 0x30 | account | 0x00 | name} (see {@link RocksCatalogRecords}), the value stored as
 * given. Each write is a single synced put, so it is atomic and durable on return.
 */
final class RocksAccountSettings implements AccountSettings {
  private static final byte SETTINGS_TAG = 0x30;

  private final RocksDatabase database;

  RocksAccountSettings(RocksDatabase database) {
    this.database = database;
  }

  @Override
  public Optional<byte[]> read(String account, String name) {
    byte[] key = key(account, name);
    return database.use(() -> Optional.ofNullable(database.db.get(database.catalog, key)));
  }

  @Override
  public void write(String account, String name, byte[] value) {
    byte[] key = key(account, name);
    byte[] copy = value.clone();
    database.use(
        () -> {
          try (WriteBatch batch = new WriteBatch()) {
            batch.put(database.catalog, key, copy);
            database.write(batch);
          }
          return null;
        });
  }

  /** The record key; an account cannot contain U+0000, so the separator keeps keys distinct. */
  static byte[] key(String account, String name) {
    if (account.indexOf('\u0000') >= 0) {
      throw new IllegalArgumentException("an account name cannot contain U+0000");
    }
    byte[] accountBytes = Wtf8.encode(account);
    byte[] nameBytes = Wtf8.encode(name);
    byte[] key = new byte[accountBytes.length + nameBytes.length + 2];
    key[0] = SETTINGS_TAG;
    System.arraycopy(accountBytes, 0, key, 1, accountBytes.length);
    System.arraycopy(nameBytes, 0, key, accountBytes.length + 2, nameBytes.length);
    return key;
  }
}
