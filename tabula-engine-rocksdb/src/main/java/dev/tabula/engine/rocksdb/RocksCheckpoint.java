package dev.tabula.engine.rocksdb;

import dev.tabula.engine.EngineSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.rocksdb.Checkpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A RocksDB checkpoint of the open database, in a directory inside the data directory: a database
 * of its own, as of one sequence number, that RocksDB opens like any other.
 *
 * <p>Why a checkpoint rather than RocksDB's BackupEngine: the checkpoint hard-links the table
 * files, which never change once written, so it takes milliseconds and no space beyond what
 * compaction frees meanwhile; it copies only the small files (MANIFEST, OPTIONS, CURRENT) and the
 * live write-ahead logs. The caller streams the files elsewhere and removes the checkpoint; the
 * BackupEngine would copy every table file into a backup directory of its own format first, which
 * the server would then have to stream again. Inside the data directory, the links never cross a
 * file system (a link cannot), and RocksDB ignores a directory whose name is not one of its files.
 *
 * <p>What it holds: RocksDB flushes the memtables (or copies the logs that hold them) with file
 * deletions stopped, so the checkpoint has every write whose sequence number was published when it
 * was taken. The engine acknowledges a write only after its batch is synced and published, so every
 * write acknowledged before {@link #take} is in it, and a batch is one RocksDB write batch: all of
 * it or none. The engine's own mark ({@link RocksWalMark}) is left out: the checkpoint's log ends
 * where its data does, and a restored database writes its own mark when it opens.
 */
final class RocksCheckpoint implements EngineSnapshot {
  /** The checkpoints' directory names start with this; a leftover one is removed at open. */
  static final String PREFIX = ".tabula-checkpoint-";

  private static final Logger LOG = LoggerFactory.getLogger(RocksCheckpoint.class);
  private static final AtomicLong NEXT = new AtomicLong();

  private final Path directory;
  private final List<String> files;
  private final AtomicBoolean closed = new AtomicBoolean();

  private RocksCheckpoint(Path directory, List<String> files) {
    this.directory = directory;
    this.files = List.copyOf(files);
  }

  /** Takes a checkpoint of {@code database}, whose data directory is {@code dataDir}. */
  static RocksCheckpoint take(RocksDatabase database, Path dataDir) {
    Path target =
        dataDir.resolve(PREFIX + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet());
    try {
      database.use(
          () -> {
            try (Checkpoint checkpoint = Checkpoint.create(database.db)) {
              checkpoint.createCheckpoint(target.toString());
            }
            return null;
          });
      return new RocksCheckpoint(target, listFiles(target));
    } catch (RuntimeException e) {
      removeQuietly(target);
      throw e;
    }
  }

  /**
   * The checkpoint's files by name, {@code CURRENT} last: a copy that stops midway then has no
   * {@code CURRENT}, and RocksDB will not mistake it for a database.
   */
  private static List<String> listFiles(Path dir) {
    List<String> names = new ArrayList<>();
    try (Stream<Path> children = Files.list(dir)) {
      children
          .filter(Files::isRegularFile)
          .map(p -> p.getFileName().toString())
          .forEach(names::add);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the checkpoint " + dir, e);
    }
    names.sort(
        Comparator.comparing((String name) -> name.equals("CURRENT"))
            .thenComparing(Comparator.naturalOrder()));
    return names;
  }

  /** Removes checkpoints a stopped process left in {@code dataDir}; says each one it removes. */
  static void removeLeftovers(Path dataDir) {
    if (!Files.isDirectory(dataDir)) {
      return;
    }
    try (Stream<Path> children = Files.list(dataDir)) {
      children
          .filter(p -> p.getFileName().toString().startsWith(PREFIX))
          .forEach(
              p -> {
                LOG.info("Removing {}, a checkpoint left by a backup that did not finish", p);
                removeQuietly(p);
              });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dataDir, e);
    }
  }

  @Override
  public String engine() {
    return "rocksdb";
  }

  @Override
  public Path directory() {
    return directory;
  }

  @Override
  public List<String> files() {
    return files;
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      removeQuietly(directory);
    }
  }

  /** Deletes {@code dir} and what it holds; a failure is logged, not thrown (see close). */
  private static void removeQuietly(Path dir) {
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (NoSuchFileException gone) {
      // nothing to remove
    } catch (IOException | UncheckedIOException e) {
      LOG.warn("Cannot remove the checkpoint {}; remove it by hand", dir, e);
    }
  }
}
