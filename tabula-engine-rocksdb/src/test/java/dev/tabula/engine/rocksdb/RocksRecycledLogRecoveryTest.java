package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;

/**
 * The engine reuses spent write-ahead logs (a synced overwrite is cheaper than a synced append). A
 * reused log still holds its previous records past the new ones; after a crash, recovery must
 * replay exactly the new ones.
 */
class RocksRecycledLogRecoveryTest {
  private static final int OLD_ROWS = 2_000;
  private static final int NEW_ROWS = 10;

  @TempDir Path dir;

  @Test
  void aCrash_whileWritingIntoAReusedLog_recoversExactlyTheNewWrites() throws Exception {
    Path live = dir.resolve("live");
    Path image = dir.resolve("image");
    try (RocksDatabase database = RocksDatabase.open(live, RocksOptions.defaults())) {
      database.use(
          () -> {
            write(database, "old-", OLD_ROWS, false);
            flush(database); // that log is spent and kept for reuse
            write(database, "old-", OLD_ROWS, true);
            flush(database); // the next log is the first one's file, reused
            write(database, "new-", NEW_ROWS, false);
            return null;
          });
      assertThat(largestLogBytes(live))
          .as("the live log is a reused one, its old records still behind the new")
          .isGreaterThan(OLD_ROWS * 1024L);
      // Every write above was synced and the database is idle: its files now are what a kill -9
      // would leave behind.
      copyFiles(live, image);
    }

    try (RocksDatabase recovered = RocksDatabase.open(image, RocksOptions.defaults())) {
      List<String> keys = recovered.use(() -> allKeys(recovered));
      assertThat(keys).hasSize(NEW_ROWS).allMatch(k -> k.startsWith("new-"));
    }
  }

  private static void write(RocksDatabase database, String prefix, int rows, boolean delete)
      throws RocksDBException {
    byte[] value = new byte[1024];
    try (WriteBatch batch = new WriteBatch()) {
      for (int i = 0; i < rows; i++) {
        byte[] key = (prefix + i).getBytes(StandardCharsets.UTF_8);
        if (delete) {
          batch.delete(database.entities, key);
        } else {
          batch.put(database.entities, key, value);
        }
      }
      database.db.write(database.syncWrites, batch);
    }
  }

  private static void flush(RocksDatabase database) throws RocksDBException {
    try (FlushOptions wait = new FlushOptions().setWaitForFlush(true)) {
      database.db.flush(wait, List.of(database.catalog, database.entities));
    }
  }

  private static List<String> allKeys(RocksDatabase database) {
    List<String> keys = new ArrayList<>();
    try (RocksIterator it = database.db.newIterator(database.entities)) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        keys.add(new String(it.key(), StandardCharsets.UTF_8));
      }
    }
    return keys;
  }

  private static long largestLogBytes(Path db) throws IOException {
    try (Stream<Path> files = Files.list(db)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".log"))
          .mapToLong(f -> f.toFile().length())
          .max()
          .orElse(0);
    }
  }

  private static void copyFiles(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Files.copy(file, to.resolve(file.getFileName()));
      }
    }
  }
}
