package dev.tabula.engine.rocksdb;

import static dev.tabula.engine.rocksdb.RocksCatalogRecords.FORMAT_KEY;
import static dev.tabula.engine.rocksdb.RocksCatalogRecords.NEXT_ID_KEY;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.codec.TableSettingsCodec;
import dev.tabula.model.AccessPolicy;
import dev.tabula.model.Attempt;
import dev.tabula.model.TableNames;
import dev.tabula.model.TableSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.WriteBatch;

/**
 * The catalog in the catalog column family (layout in {@link RocksCatalogRecords}). Changes are
 * serialized by this object's monitor, each one a single synced write batch; lookups and listings
 * read RocksDB directly. Deleting a table removes its record and deletes its id's key range in the
 * same batch: RocksDB's range deletion takes constant time, and compaction reclaims the space. The
 * table's access-policy and settings records go in that batch too (its id's range holds its
 * secondary indexes too; dropping one index is a range deletion of its own, {@link
 * #setTableSettings}). A table's settings are held in memory ({@link RocksTableSettings}) and
 * attached to every table a lookup or listing returns.
 *
 * <p>Every request looks its table up, so tables found are remembered ({@link #findTable}): a
 * remembered table counts only while its id is live, and ids are never reused, so an entry left by
 * a lookup that raced a deletion is noticed and dropped rather than believed.
 */
final class RocksCatalog implements Catalog {
  /** Past this many remembered tables, the memory starts over (a bound, not an eviction policy). */
  private static final int MAX_REMEMBERED = 10_000;

  private final RocksDatabase database;
  private final RocksLiveTables live;
  private final RocksTableSettings settings;
  private final ConcurrentHashMap<TableRef, TableInfo> remembered = new ConcurrentHashMap<>();
  private long nextId;

  /** A table's place in the catalog: its account and its name in canonical case. */
  private record TableRef(String account, String canonicalName) {}

  private RocksCatalog(
      RocksDatabase database, RocksLiveTables live, RocksTableSettings settings, long nextId) {
    this.database = database;
    this.live = live;
    this.settings = settings;
    this.nextId = nextId;
  }

  /**
   * Opens the catalog: writes the format record into a new database, refuses a format it does not
   * know, and loads the next table id, the live table ids and the tables' settings.
   */
  static RocksCatalog load(
      RocksDatabase database, RocksLiveTables live, RocksTableSettings settings) {
    long nextId =
        database.use(
            () -> {
              byte[] format = database.db.get(database.catalog, FORMAT_KEY);
              if (format == null) {
                try (WriteBatch batch = new WriteBatch()) {
                  batch.put(
                      database.catalog,
                      FORMAT_KEY,
                      RocksCatalogRecords.intBytes(RocksCatalogRecords.FORMAT_VERSION));
                  batch.put(database.catalog, NEXT_ID_KEY, RocksCatalogRecords.longBytes(1));
                  database.write(batch);
                }
              } else if (RocksCatalogRecords.decodeInt(format)
                  != RocksCatalogRecords.FORMAT_VERSION) {
                throw new IllegalStateException(
                    "unsupported storage format version " + RocksCatalogRecords.decodeInt(format));
              }
              return RocksCatalogRecords.decodeLong(database.db.get(database.catalog, NEXT_ID_KEY));
            });
    RocksCatalog catalog = new RocksCatalog(database, live, settings, nextId);
    database.use(
        () -> {
          catalog.forEachTable(
              RocksCatalogRecords.TABLES_START,
              RocksCatalogRecords.TABLES_END,
              Integer.MAX_VALUE,
              (key, value) -> live.add(RocksCatalogRecords.decodeLong(value)));
          catalog.forEachTable(
              RocksCatalogRecords.SETTINGS_START,
              RocksCatalogRecords.SETTINGS_END,
              Integer.MAX_VALUE,
              (key, value) ->
                  settings.put(
                      RocksCatalogRecords.settingsTableId(key), TableSettingsCodec.decode(value)));
          return null;
        });
    return catalog;
  }

  @Override
  public synchronized Optional<TableInfo> createTable(String account, String name) {
    byte[] key = RocksCatalogRecords.tableKey(account, TableNames.canonical(name));
    return database.use(
        () -> {
          if (database.db.get(database.catalog, key) != null) {
            return Optional.empty();
          }
          TableInfo table = new TableInfo(account, name, nextId);
          try (WriteBatch batch = new WriteBatch()) {
            batch.put(database.catalog, key, RocksCatalogRecords.tableValue(table));
            batch.put(database.catalog, NEXT_ID_KEY, RocksCatalogRecords.longBytes(nextId + 1));
            database.write(batch);
          }
          nextId++;
          live.add(table.id());
          return Optional.of(table);
        });
  }

  @Override
  public synchronized boolean deleteTable(String account, String name) {
    byte[] key = RocksCatalogRecords.tableKey(account, TableNames.canonical(name));
    return database.use(
        () -> {
          byte[] record = database.db.get(database.catalog, key);
          if (record == null) {
            return false;
          }
          long id = RocksCatalogRecords.decodeTable(account, record).id();
          live.drop(
              id,
              () -> {
                try (WriteBatch batch = new WriteBatch()) {
                  batch.delete(database.catalog, key);
                  batch.delete(database.catalog, RocksCatalogRecords.policiesKey(id));
                  batch.delete(database.catalog, RocksCatalogRecords.settingsKey(id));
                  batch.deleteRange(
                      database.entities, RocksKeys.tablePrefix(id), RocksKeys.tablePrefix(id + 1));
                  database.write(batch);
                }
                return null;
              });
          settings.forget(id);
          return true;
        });
  }

  /**
   * {@inheritDoc} A table found before is answered from memory while its id is live (deleting a
   * table drops its id before the deletion returns); otherwise the catalog's files are read.
   */
  @Override
  public Optional<TableInfo> findTable(String account, String name) {
    TableRef ref = new TableRef(account, TableNames.canonical(name));
    TableInfo known = rememberedLive(ref);
    if (known != null) {
      return Optional.of(settings.attachTo(known));
    }
    byte[] key = RocksCatalogRecords.tableKey(account, ref.canonicalName());
    return found(
        ref,
        database.use(
            () ->
                Optional.ofNullable(database.db.get(database.catalog, key))
                    .map(record -> RocksCatalogRecords.decodeTable(account, record))));
  }

  /**
   * {@inheritDoc} A remembered table, or its record from the memtables and the block cache alone;
   * never the catalog's monitor, which a writer may hold while it syncs.
   */
  @Override
  public Attempt<Optional<TableInfo>> tryFindTable(String account, String name) {
    TableRef ref = new TableRef(account, TableNames.canonical(name));
    TableInfo known = rememberedLive(ref);
    if (known != null) {
      return Attempt.answered(Optional.of(settings.attachTo(known)));
    }
    byte[] key = RocksCatalogRecords.tableKey(account, ref.canonicalName());
    return database
        .tryGet(database.catalog, key)
        .map(record -> found(ref, record.map(r -> RocksCatalogRecords.decodeTable(account, r))));
  }

  /** The remembered table of {@code ref} while its id is live, else null (and forgotten). */
  private TableInfo rememberedLive(TableRef ref) {
    TableInfo known = remembered.get(ref);
    if (known == null || live.contains(known.id())) {
      return known;
    }
    remembered.remove(ref, known);
    return null;
  }

  /** What the catalog's records say of {@code ref}, remembered when found. */
  private Optional<TableInfo> found(TableRef ref, Optional<TableInfo> found) {
    found.ifPresent(table -> remember(ref, table));
    return found.map(settings::attachTo);
  }

  private void remember(TableRef ref, TableInfo table) {
    if (remembered.size() >= MAX_REMEMBERED) {
      remembered.clear();
    }
    remembered.put(ref, table);
  }

  @Override
  public List<TableInfo> listTables(String account, String fromCanonicalName, int limit) {
    byte[] from =
        fromCanonicalName == null
            ? RocksCatalogRecords.accountPrefix(account)
            : RocksCatalogRecords.tableKey(account, fromCanonicalName);
    byte[] end = RocksCatalogRecords.accountEnd(account);
    List<TableInfo> tables = new ArrayList<>();
    database.use(
        () -> {
          forEachTable(
              from,
              end,
              limit,
              (key, value) ->
                  tables.add(settings.attachTo(RocksCatalogRecords.decodeTable(account, value))));
          return null;
        });
    return tables;
  }

  @Override
  public Optional<List<AccessPolicy>> accessPolicies(String account, String name) {
    byte[] key = RocksCatalogRecords.tableKey(account, TableNames.canonical(name));
    return database.use(
        () -> {
          byte[] record = database.db.get(database.catalog, key);
          if (record == null) {
            return Optional.empty();
          }
          long id = RocksCatalogRecords.decodeTable(account, record).id();
          byte[] policies = database.db.get(database.catalog, RocksCatalogRecords.policiesKey(id));
          return Optional.of(policies == null ? List.of() : RocksAccessPolicies.decode(policies));
        });
  }

  /** {@inheritDoc} One synced write; the monitor keeps the table from being deleted meanwhile. */
  @Override
  public synchronized boolean setAccessPolicies(
      String account, String name, List<AccessPolicy> policies) {
    return database.use(
        () -> {
          Long id = tableId(account, name);
          if (id == null) {
            return false;
          }
          try (WriteBatch batch = new WriteBatch()) {
            stageRecord(
                batch,
                RocksCatalogRecords.policiesKey(id),
                policies.isEmpty() ? null : RocksAccessPolicies.encode(policies));
            database.write(batch);
          }
          return true;
        });
  }

  /**
   * {@inheritDoc} One synced write; the monitor keeps the table from being deleted meanwhile. A
   * change of which indexes the table has (by id) is written between commit rounds ({@link
   * RocksLiveTables#betweenApplies}), since a round maintains the indexes it reads as it plans:
   * once this returns, every write maintains the new ones, and none still writes entries of a
   * dropped one. The entries of an index no longer listed are range-deleted in the batch that
   * writes the settings, so that a crash cannot keep the one without the other.
   */
  @Override
  public synchronized boolean setTableSettings(
      String account, String name, TableSettings newSettings) {
    return database.use(
        () -> {
          Long id = tableId(account, name);
          if (id == null) {
            return false;
          }
          TableSettings before = settings.of(id);
          RocksCall<Void> change =
              () -> {
                writeSettings(id, before, newSettings);
                return null;
              };
          if (RocksIndexEntries.indexIds(before).equals(RocksIndexEntries.indexIds(newSettings))) {
            change.call();
          } else {
            live.betweenApplies(change);
          }
          return true;
        });
  }

  /** Writes a table's settings record, deleting the entries of the indexes it drops. */
  private void writeSettings(long id, TableSettings before, TableSettings after)
      throws RocksDBException {
    try (WriteBatch batch = new WriteBatch()) {
      stageRecord(
          batch,
          RocksCatalogRecords.settingsKey(id),
          after.equals(TableSettings.NONE) ? null : TableSettingsCodec.encode(after));
      Set<Integer> kept = RocksIndexEntries.indexIds(after);
      for (int dropped : RocksIndexEntries.indexIds(before)) {
        if (!kept.contains(dropped)) {
          batch.deleteRange(
              database.entities,
              RocksKeys.indexPrefix(id, dropped),
              RocksKeys.indexEnd(id, dropped));
        }
      }
      database.write(batch);
    }
    settings.put(id, after);
  }

  /** Stages a table's record in {@code batch}: put, or deleted when {@code value} is null. */
  private void stageRecord(WriteBatch batch, byte[] key, byte @Nullable [] value)
      throws RocksDBException {
    if (value == null) {
      batch.delete(database.catalog, key);
    } else {
      batch.put(database.catalog, key, value);
    }
  }

  /** The id of a table from the catalog's records, or null when there is no such table. */
  private @Nullable Long tableId(String account, String name) throws RocksDBException {
    byte[] record =
        database.db.get(
            database.catalog, RocksCatalogRecords.tableKey(account, TableNames.canonical(name)));
    return record == null ? null : RocksCatalogRecords.decodeTable(account, record).id();
  }

  private void forEachTable(byte[] from, byte[] end, int limit, RecordVisitor visitor)
      throws RocksDBException {
    try (Slice upper = new Slice(end);
        ReadOptions options = new ReadOptions().setIterateUpperBound(upper);
        RocksIterator it = database.db.newIterator(database.catalog, options)) {
      int visited = 0;
      for (it.seek(from); it.isValid() && visited < limit; it.next(), visited++) {
        visitor.visit(it.key(), it.value());
      }
      it.status();
    }
  }

  /** Receives one catalog record. */
  @FunctionalInterface
  private interface RecordVisitor {
    void visit(byte[] key, byte[] value);
  }
}
