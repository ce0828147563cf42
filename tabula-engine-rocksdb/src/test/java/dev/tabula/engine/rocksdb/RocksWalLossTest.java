package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;

/**
 * A write-ahead log that lost acknowledged writes (cut short, garbage in the middle) is refused at
 * open, naming the file, and nothing is changed on disk; a torn last record that was never
 * acknowledged is not a loss; accepting the loss opens with what can be recovered.
 */
class RocksWalLossTest {
  private static final int ROWS = 2_000;

  @TempDir Path dir;

  @Test
  void aLogCutInHalf_isRefused_namingTheFile_andLeftAsItWas() throws Exception {
    Path log = writeRowsAndStop();
    truncate(log, Files.size(log) / 2);
    long before = Files.size(log);

    assertThatThrownBy(() -> RocksDatabase.open(dir, RocksOptions.defaults()))
        .isInstanceOfSatisfying(
            RocksWalLossException.class,
            e -> {
              assertThat(e.logFile()).isEqualTo(log);
              assertThat(e.recovered()).isLessThan(e.acknowledged());
              assertThat(e.getMessage())
                  .contains(log.toString())
                  .contains("lost acknowledged writes");
            });
    assertThat(Files.size(log)).as("a refusal changes nothing").isEqualTo(before);
    assertThatThrownBy(() -> RocksDatabase.open(dir, RocksOptions.defaults()))
        .as("and refuses again")
        .isInstanceOf(RocksWalLossException.class);
  }

  @Test
  void garbageInTheMiddleOfTheLog_isRefused() throws Exception {
    Path log = writeRowsAndStop();
    byte[] garbage = new byte[512];
    new Random(7).nextBytes(garbage);
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "rw")) {
      file.seek(file.length() / 2);
      file.write(garbage);
    }

    assertThatThrownBy(() -> RocksDatabase.open(dir, RocksOptions.defaults()))
        .isInstanceOfSatisfying(
            RocksWalLossException.class, e -> assertThat(e.logFile()).isEqualTo(log));
  }

  @Test
  void aTornLastRecord_neverAcknowledged_opensWithEveryAcknowledgedRow() throws Exception {
    Path log = writeRowsAndStop();
    appendTornRecord(log);

    try (RocksDatabase database = RocksDatabase.open(dir, RocksOptions.defaults())) {
      assertThat(database.use(() -> count(database))).isEqualTo(ROWS);
    }
  }

  @Test
  void acceptingTheLoss_opensWithWhatIsLeft_andMarksAfresh() throws Exception {
    Path log = writeRowsAndStop();
    truncate(log, Files.size(log) / 2);

    try (RocksStorageEngine engine =
        new RocksStorageEngine(dir, RocksOptions.defaults().withAcceptWalDataLoss(true))) {
      assertThat(engine.catalog()).isNotNull();
    }
    try (RocksDatabase database = RocksDatabase.open(dir, RocksOptions.defaults())) {
      long rows = database.use(() -> count(database));
      assertThat(rows).isGreaterThan(0).isLessThan(ROWS);
    }
  }

  /** Writes {@link #ROWS} rows, ten a synced batch, marks them, closes; returns the live log. */
  private Path writeRowsAndStop() throws Exception {
    try (RocksDatabase database = RocksDatabase.open(dir, RocksOptions.defaults())) {
      RocksWalMarker marker = new RocksWalMarker(database, dir);
      byte[] value = new byte[1024];
      for (int i = 0; i < ROWS; i += 10) {
        final int first = i;
        database.use(
            () -> {
              try (WriteBatch batch = new WriteBatch()) {
                for (int n = first; n < first + 10; n++) {
                  batch.put(
                      database.entities, ("row-" + n).getBytes(StandardCharsets.UTF_8), value);
                }
                database.db.write(database.syncWrites, batch);
              }
              return null;
            });
      }
      marker.close();
    }
    return liveLog();
  }

  private Path liveLog() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".log"))
          .max((a, b) -> Long.compare(a.toFile().length(), b.toFile().length()))
          .orElseThrow();
    }
  }

  private static long count(RocksDatabase database) {
    long n = 0;
    try (RocksIterator it = database.db.newIterator(database.entities)) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        n++;
      }
    }
    return n;
  }

  private static void truncate(Path file, long size) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
  }

  /**
   * Appends what a power cut leaves of a write that was being synced: a record header announcing
   * 4,000 bytes, followed by only 100 of them.
   */
  static void appendTornRecord(Path log) throws IOException {
    byte[] torn = new byte[7 + 100];
    new Random(3).nextBytes(torn);
    torn[4] = (byte) (4000 & 0xff);
    torn[5] = (byte) (4000 >> 8);
    torn[6] = 1; // a whole record (kFullType) in the legacy format
    Files.write(log, torn, java.nio.file.StandardOpenOption.APPEND);
  }
}
