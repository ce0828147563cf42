package dev.tabula.engine.rocksdb;

import dev.tabula.engine.StorageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the database can take writes for lack of disk space, and the thread that brings writes
 * back once space returns.
 *
 * <p>A write that fails with RocksDB's NoSpace error stops the database: RocksDB refuses every
 * later write with the same error until it is resumed, and RocksJava has no {@code resume()}.
 * RocksDB's own automatic recovery (its SstFileManager polls every 5 s) wants a memtable's worth of
 * free space (64 MiB) and was seen never to succeed after its first attempt on a still-full disk
 * failed. So the engine recovers by itself: from the first NoSpace failure writes are refused at
 * once as {@link StorageException.Kind#OUT_OF_SPACE} (which clients are told as 503 ServerBusy),
 * reads go on, and a daemon thread checks the free space every {@value #POLL_MILLIS} ms. Once
 * {@value #MIN_FREE_BYTES} bytes are free it moves reads onto a read-only instance (so that the
 * stopped one can be closed and its lock released) and opens the database read-write again; opening
 * replays the logs up to the torn record of the failed write, flushes them and starts a new log.
 * Until that succeeds the read-only instance serves reads. A server started on a full disk starts
 * the same way, read-only.
 *
 * <p>The log says each symptom of a full disk once, not once per retry (the mark is retried every
 * second, the reopen every few): one warning when writes start failing, one when the {@link
 * RocksWalMarker write-ahead log mark} cannot be written (only if that came first: RocksDB may
 * still have room in a preallocated log), and one line when the disk has room again, however long
 * it was full. Thread-safe.
 */
final class RocksDiskSpace implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RocksDiskSpace.class);
  static final long POLL_MILLIS = 250;

  /** Room for the new MANIFEST, OPTIONS and log files and a flush of what the logs hold. */
  static final long MIN_FREE_BYTES = 16L * 1024 * 1024;

  /** After a failed reopen: the files it wrote are removed by RocksDB; let the disk settle. */
  private static final long RETRY_MILLIS = 2_000;

  /** Brings writes back; true once the database is writable again. */
  @FunctionalInterface
  interface Reopener {
    boolean reopenWritable();
  }

  private final Path dir;
  private final Reopener reopener;
  private volatile boolean full;

  /** Whether the mark's last write failed for lack of space. */
  private boolean markFailing;

  /** When the disk was found full (System.nanoTime), or -1 when it is not: the episode logged. */
  private long fullSince = -1;

  private Thread recovery;
  private boolean closed;

  RocksDiskSpace(Path dir, Reopener reopener) {
    this.dir = dir;
    this.reopener = reopener;
  }

  /** Whether {@code e} is the file system's out-of-space error (ENOSPC). */
  static boolean isNoSpace(IOException e) {
    return String.valueOf(e.getMessage()).contains("No space left on device");
  }

  /** Whether {@code e} is RocksDB's out-of-space error. */
  static boolean isNoSpace(RocksDBException e) {
    Status status = e.getStatus();
    if (status != null && status.getSubCode() == Status.SubCode.NoSpace) {
      return true;
    }
    String message = e.getMessage();
    return message != null && message.contains("No space left on device");
  }

  /**
   * Whether writes are refused for lack of space now: from the first write that failed for it (or a
   * start on a full disk) until the database is writable again.
   */
  boolean full() {
    return full;
  }

  /** Throws {@code OUT_OF_SPACE} while writes are refused for lack of space. */
  void refuseIfFull() {
    if (full) {
      throw busy();
    }
  }

  /** Writes failed with {@code cause}: refuses them from now on; the refusal to throw. */
  StorageException outOfSpace(RocksDBException cause) {
    becomeFull("RocksDB: " + cause.getMessage());
    return busy();
  }

  /** The database had to be opened read-only: starts refusing writes. */
  void startedFull(RocksDBException cause) {
    becomeFull(
        "could not open it for writing at start (" + cause.getMessage() + "), serving reads only");
  }

  private synchronized void becomeFull(String why) {
    if (full || closed) {
      return;
    }
    full = true;
    startEpisode();
    LOG.warn(
        "Out of disk space in {}: writes answer 503 ServerBusy until space is freed; {}", dir, why);
    recovery = new Thread(this::recover, "tabula-disk-recovery");
    recovery.setDaemon(true);
    recovery.start();
  }

  /**
   * The write-ahead log mark could not be written for lack of space: said once, unless the full
   * disk has already been said because writes failed.
   */
  synchronized void markFailed(IOException cause) {
    if (markFailing) {
      return;
    }
    markFailing = true;
    if (fullSince < 0) {
      LOG.warn(
          "Out of disk space in {}: cannot update the write-ahead log mark ({}); retrying"
              + " every second. Writes go on while RocksDB has room in its log; a check for lost"
              + " writes at the next start covers only those before the last mark",
          dir,
          cause.getMessage());
    }
    startEpisode();
  }

  /** The mark was written: the end of a full disk, if writes never failed (else they say it). */
  synchronized void markWritten() {
    if (!markFailing) {
      return;
    }
    markFailing = false;
    if (!full && fullSince >= 0) {
      LOG.info(
          "Disk space is available again in {}: the write-ahead log mark is written again"
              + " after {} s",
          dir,
          secondsSince(fullSince));
      fullSince = -1;
    }
  }

  private void startEpisode() {
    if (fullSince < 0) {
      fullSince = System.nanoTime();
    }
  }

  /** Polls for free space and reopens the database for writing; ends once writable or closed. */
  private void recover() {
    try {
      while (!isClosed()) {
        Thread.sleep(POLL_MILLIS);
        if (usableBytes() < MIN_FREE_BYTES) {
          continue;
        }
        if (reopener.reopenWritable()) {
          recovered();
          return;
        }
        Thread.sleep(RETRY_MILLIS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // close() stops the thread this way
    }
  }

  private synchronized void recovered() {
    full = false;
    recovery = null;
    LOG.info(
        "Disk space is available again in {}: writes accepted again after {} s out of space",
        dir,
        secondsSince(fullSince));
    fullSince = -1; // the mark written again later belongs to this episode: not said again
  }

  private static String secondsSince(long nanos) {
    return String.format("%.1f", (System.nanoTime() - nanos) / 1e9);
  }

  private long usableBytes() {
    try {
      return Files.getFileStore(dir).getUsableSpace();
    } catch (IOException e) {
      return 0;
    }
  }

  private synchronized boolean isClosed() {
    return closed;
  }

  private StorageException busy() {
    return new StorageException(
        StorageException.Kind.OUT_OF_SPACE, "out of disk space in " + dir + ": writes refused");
  }

  /** Stops the recovery thread, waiting for a reopen in progress. */
  @Override
  public void close() {
    Thread running;
    synchronized (this) {
      closed = true;
      running = recovery;
    }
    if (running == null || running == Thread.currentThread()) {
      return;
    }
    running.interrupt();
    boolean interrupted = false;
    while (running.isAlive()) {
      try {
        running.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
