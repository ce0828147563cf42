package dev.tabula.engine.rocksdb;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What the database had acknowledged at some moment, kept in a file of its own next to RocksDB's
 * ({@value #FILE_NAME}): the last sequence number every acknowledged write is at or below, and the
 * write-ahead log files then live with the first sequence number each holds.
 *
 * <p>Every write is synced before RocksDB publishes its sequence number, so the mark is a lower
 * bound of what is on stable storage, and it only grows: a later recovery that ends below it has
 * lost acknowledged writes, whatever happened to the log files (a file cut short, garbage in the
 * middle, a file deleted). A torn last record is never below it: that write was never acknowledged.
 * RocksDB leaves files it does not know alone.
 *
 * @param sequence every write up to this sequence number was acknowledged
 * @param logStarts each log file's name and the first sequence number in it, by sequence
 */
record RocksWalMark(long sequence, Map<Long, String> logStarts) {
  static final String FILE_NAME = "TABULA-WAL-MARK";

  RocksWalMark {
    logStarts = Map.copyOf(new TreeMap<>(logStarts));
  }

  /** The log file holding the record with sequence number {@code seq}, or null if unknown. */
  String logHolding(long seq) {
    String holder = null;
    long best = Long.MIN_VALUE;
    for (Map.Entry<Long, String> e : logStarts.entrySet()) {
      if (e.getKey() <= seq && e.getKey() >= best) {
        best = e.getKey();
        holder = e.getValue();
      }
    }
    return holder;
  }

  /** The mark in {@code dir}, if there is one. */
  static Optional<RocksWalMark> read(Path dir) {
    String text;
    try {
      text = Files.readString(dir.resolve(FILE_NAME), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + dir.resolve(FILE_NAME), e);
    }
    Properties p = new Properties();
    try (Reader reader = new StringReader(text)) {
      p.load(reader);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String seq = p.getProperty("sequence");
    if (seq == null) {
      // A mark is replaced whole (written aside, synced, renamed), so this is not a torn write.
      throw new IllegalStateException(dir.resolve(FILE_NAME) + " has no sequence");
    }
    Map<Long, String> logs = new TreeMap<>();
    for (String name : p.stringPropertyNames()) {
      if (name.startsWith("log.")) {
        logs.put(Long.parseLong(p.getProperty(name)), name.substring(4));
      }
    }
    return Optional.of(new RocksWalMark(Long.parseLong(seq), logs));
  }

  /**
   * Replaces the mark in {@code dir} with this one: written to a temporary file, synced, renamed
   * over the old one and the rename synced, so a crash leaves the old mark or the new, whole.
   */
  void write(Path dir) throws IOException {
    Properties p = new Properties();
    p.setProperty("sequence", Long.toString(sequence));
    logStarts.forEach((start, name) -> p.setProperty("log." + name, Long.toString(start)));
    StringWriter text = new StringWriter();
    p.store(text, "Tabula: the last acknowledged write's sequence number; do not edit");
    Path temp = dir.resolve(FILE_NAME + ".tmp");
    try (FileChannel out =
        FileChannel.open(
            temp,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      out.write(StandardCharsets.UTF_8.encode(text.toString()));
      out.force(true);
    }
    Files.move(
        temp,
        dir.resolve(FILE_NAME),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
      directory.force(true); // the rename itself
    }
  }
}
