package dev.tabula.engine.rocksdb;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.rocksdb.LogFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the {@link RocksWalMark} of an open database up to date: at open, every {@value
 * #PERIOD_MILLIS} ms while writes come in (one small synced file a second), and at close.
 *
 * <p>A write acknowledged since the last mark is not covered by it: a log damaged in that last
 * second before a crash goes undetected, as it would without the mark. After a clean shutdown the
 * mark covers every acknowledged write.
 */
final class RocksWalMarker implements AutoCloseable {
  static final long PERIOD_MILLIS = 1000;
  private static final Logger LOG = LoggerFactory.getLogger(RocksWalMarker.class);

  private final RocksDatabase database;
  private final Path dir;
  private final ScheduledExecutorService timer;
  private long marked = -1;
  private boolean failing;
  private boolean closed;

  /**
   * Marks {@code database} (in {@code dir}) now, and then every period. A mark that cannot be
   * written (a full disk) does not stop the engine from opening: it is retried.
   */
  RocksWalMarker(RocksDatabase database, Path dir) {
    this.database = database;
    this.dir = dir;
    markQuietly();
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "tabula-wal-mark");
              t.setDaemon(true);
              return t;
            });
    timer.scheduleWithFixedDelay(
        this::markQuietly, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Records the latest acknowledged sequence number, if it moved. */
  synchronized void mark() {
    RocksWalMark next =
        database.use(
            () -> {
              long seq = database.db.getLatestSequenceNumber();
              if (seq == marked) {
                return null;
              }
              Map<Long, String> logs = new HashMap<>();
              for (LogFile log : database.db.getSortedWalFiles()) {
                logs.put(log.startSequence(), Path.of(log.pathName()).getFileName().toString());
              }
              return new RocksWalMark(seq, logs);
            });
    if (next == null) {
      return;
    }
    try {
      next.write(dir);
    } catch (IOException e) {
      throw new RocksStorageException("cannot write " + dir.resolve(RocksWalMark.FILE_NAME), e);
    }
    marked = next.sequence();
  }

  /**
   * The timer's mark: a failure is retried next period; the writes themselves are unaffected, only
   * the detection of a later loss is weaker meanwhile. A full disk is said by {@link
   * RocksDiskSpace}, once with the rest of its symptoms; any other failure is said here, once until
   * a mark is written again (a line a second would bury the log).
   */
  private void markQuietly() {
    try {
      mark();
      database.space().markWritten();
      if (failing) {
        LOG.info("The write-ahead log mark in {} is written again", dir);
        failing = false;
      }
    } catch (RuntimeException e) {
      if (e.getCause() instanceof IOException io && RocksDiskSpace.isNoSpace(io)) {
        database.space().markFailed(io);
      } else if (!failing) {
        LOG.warn("Cannot update the write-ahead log mark in {}; retrying every second", dir, e);
        failing = true;
      }
    }
  }

  /** Stops the timer and writes a last mark; to be called once writes have stopped. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return; // the engine's close is idempotent, and the database may be gone by now
      }
      closed = true;
    }
    timer.shutdownNow();
    try {
      timer.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    markQuietly();
  }
}
