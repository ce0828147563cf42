package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.FlushOptions;
import org.rocksdb.TableProperties;
import org.rocksdb.WriteBatch;

/**
 * What the RocksDB engine refuses (unknown data formats, a second opener, bad options) and how its
 * table files are written.
 */
class RocksStorageFormatTest {
  @TempDir Path dir;

  @Test
  void open_refusesAnUnknownFormatVersion() throws Exception {
    try (RocksDatabase database = RocksDatabase.open(dir, RocksOptions.defaults())) {
      RocksCatalog.load(
          database, new RocksLiveTables(), new RocksTableSettings()); // writes the current version
      database.use(
          () -> {
            try (WriteBatch batch = new WriteBatch()) {
              batch.put(
                  database.catalog,
                  RocksCatalogRecords.FORMAT_KEY,
                  RocksCatalogRecords.intBytes(RocksCatalogRecords.FORMAT_VERSION + 1));
              database.db.write(database.syncWrites, batch);
            }
            return null;
          });
    }

    assertThatThrownBy(() -> new RocksStorageEngine(dir, RocksOptions.defaults()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("format version 2");
    // The failed open released the database: the current format opens again once restored.
    try (RocksDatabase database = RocksDatabase.open(dir, RocksOptions.defaults())) {
      assertThat(
              database.use(() -> database.db.get(database.catalog, RocksCatalogRecords.FORMAT_KEY)))
          .isNotNull();
    }
  }

  @Test
  void open_whileAnotherEngineHoldsTheDirectory_fails() {
    try (RocksStorageEngine first = new RocksStorageEngine(dir, RocksOptions.defaults())) {
      assertThat(first.catalog().createTable("a", "held")).isPresent();

      assertThatThrownBy(() -> new RocksStorageEngine(dir, RocksOptions.defaults()))
          .isInstanceOf(RocksStorageException.class);
    }
  }

  @Test
  void tableFiles_areCompressedWithLz4() throws Exception {
    try (RocksDatabase database = RocksDatabase.open(dir, RocksOptions.defaults());
        FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      database.use(
          () -> {
            database.db.put(
                database.entities, database.syncWrites, "k".getBytes(), "v".repeat(100).getBytes());
            database.db.flush(flush, database.entities);
            return null;
          });

      Map<String, TableProperties> files =
          database.use(() -> database.db.getPropertiesOfAllTables(database.entities));
      assertThat(files).isNotEmpty();
      assertThat(files.values())
          .allSatisfy(file -> assertThat(file.getCompressionName()).isEqualTo("LZ4"));
    }
  }

  @Test
  void options_refuseNonsense() {
    assertThatThrownBy(() -> new RocksOptions(0, 16)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RocksOptions(1024, 12))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(RocksOptions.defaults().withBlockCacheBytes(4096).blockCacheBytes()).isEqualTo(4096);
  }
}
