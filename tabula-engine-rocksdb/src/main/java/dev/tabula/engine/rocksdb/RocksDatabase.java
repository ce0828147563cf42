package dev.tabula.engine.rocksdb;

import dev.tabula.model.Attempt;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.HistogramType;
import org.rocksdb.LRUCache;
import org.rocksdb.ReadOptions;
import org.rocksdb.ReadTier;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Statistics;
import org.rocksdb.StatsLevel;
import org.rocksdb.Status;
import org.rocksdb.TickerType;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open RocksDB instance, its two column families and every native object they need, closed
 * together. Every use goes through {@link #use} or {@link #tryGet}, which fail once the database is
 * closed: calling into a closed RocksDB object would crash the JVM rather than throw.
 *
 * <p>{@link #tryGet} is the one call that never waits: it reads memtables and the block cache
 * alone.
 */
final class RocksDatabase implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RocksDatabase.class);

  /** The catalog column family's name; its merge operator is {@link #CATALOG_MERGE}. */
  static final byte[] CATALOG = "catalog".getBytes(StandardCharsets.UTF_8);

  /** Keeps the greatest commit-time mark however concurrent batches interleave. */
  static final String CATALOG_MERGE = "max";

  private static final byte[] ENTITIES = "entities".getBytes(StandardCharsets.UTF_8);
  private static final long MAX_TOTAL_WAL_BYTES = 256L * 1024 * 1024;

  /** Spent logs kept for reuse: one is ready whenever the memtables switch to a new log. */
  private static final int RECYCLED_LOGS = 2;

  /** The uncompressed size of a table file's data blocks (see where the tables are configured). */
  private static final long BLOCK_BYTES = 16 * 1024;

  /** How table files' blocks are compressed (see where the tables are configured). */
  static final CompressionType COMPRESSION = CompressionType.LZ4_COMPRESSION;

  /** Native objects in the order they were made; closed in reverse. */
  private final Deque<AutoCloseable> natives;

  private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private final Path dir;
  private final DBOptions dbOptions;
  private final List<ColumnFamilyDescriptor> descriptors;
  private final RocksDiskSpace space;
  private boolean closed;

  /**
   * Whether a reopen failed for another reason than space since the disk filled (only the recovery
   * thread uses it): said once per full disk, not once per retry.
   */
  private boolean reopenFailureLogged;

  /** The open instance; replaced (under the write lock) when writes come back after a full disk. */
  private RocksInstance current;

  // The current instance's database and column families: read only under the lifecycle lock
  // (inside use or tryGet), replaced with it.
  RocksDB db;
  ColumnFamilyHandle catalog;
  ColumnFamilyHandle entities;

  /** Writes that are on stable storage when they return: the engine is durable on ack. */
  final WriteOptions syncWrites;

  /** Reads answered from memtables and the block cache, or refused: they never touch a file. */
  private final ReadOptions memoryOnlyReads;

  /** RocksDB's counters, or null: kept only when {@link RocksOptions#statistics()} asks. */
  private final Statistics statistics;

  private RocksDatabase(
      Deque<AutoCloseable> natives,
      Path dir,
      DBOptions dbOptions,
      List<ColumnFamilyDescriptor> descriptors,
      WriteOptions syncWrites,
      ReadOptions memoryOnlyReads,
      Statistics statistics) {
    this.natives = natives;
    this.dir = dir;
    this.dbOptions = dbOptions;
    this.descriptors = descriptors;
    this.syncWrites = syncWrites;
    this.memoryOnlyReads = memoryOnlyReads;
    this.space = new RocksDiskSpace(dir, this::reopenWritable);
    this.statistics = statistics;
  }

  /**
   * Opens or creates the database in {@code dir}, first checking that its write-ahead log still
   * holds every acknowledged write ({@link RocksWalAudit}).
   *
   * @throws RocksWalLossException when it does not and {@link RocksOptions#acceptWalDataLoss()} is
   *     false; nothing on disk is changed then
   */
  static RocksDatabase open(Path dir, RocksOptions options) {
    RocksDB.loadLibrary();
    Deque<AutoCloseable> natives = new ArrayDeque<>();
    try {
      Files.createDirectories(dir);
      RocksWalAudit.check(dir, options.acceptWalDataLoss());
      LRUCache cache = push(natives, new LRUCache(options.blockCacheBytes()));
      BloomFilter bloom = push(natives, new BloomFilter(10)); // point reads skip most files
      // 16 KiB blocks instead of RocksDB's 4 KiB: an entity is about 1 KiB, so a 4 KiB block held
      // a handful, and a query page of a table larger than the cache read and unpacked some 250
      // blocks. At 1M entities a page was ~19% faster this way (entities/s, 4 runs each), point
      // reads unchanged within the noise, the files 9% smaller.
      BlockBasedTableConfig tables =
          new BlockBasedTableConfig()
              .setBlockCache(cache)
              .setFilterPolicy(bloom)
              .setBlockSize(BLOCK_BYTES);
      // LZ4 instead of RocksDB's default Snappy: a table larger than the block cache unpacks a
      // block for most reads, and Snappy was about 8% of a 1M-entity query page's server CPU. With
      // LZ4, 1M entities and the default cache: query pages 2.5 ms p50 against 3.3-3.7, point
      // reads +10%, files 9% smaller (two runs each). Blocks record their own compression, so
      // files written with Snappy stay readable.
      ColumnFamilyOptions plain = push(natives, new ColumnFamilyOptions());
      plain.setTableFormatConfig(tables).setCompressionType(COMPRESSION);
      ColumnFamilyOptions catalogOptions = push(natives, new ColumnFamilyOptions());
      catalogOptions
          .setTableFormatConfig(tables)
          .setCompressionType(COMPRESSION)
          .setMergeOperatorName(CATALOG_MERGE);
      DBOptions dbOptions = push(natives, new DBOptions());
      dbOptions.setCreateIfMissing(true).setCreateMissingColumnFamilies(true).setKeepLogFileNum(4);
      // Writers waiting for a group commit's leader to sync spin for up to 100 us by default. The
      // sync takes longer than that, and on a small machine the spinning takes the cores the
      // leader and the network threads need, so waiters block at once.
      dbOptions.setEnableWriteThreadAdaptiveYield(false);
      // A log file is deleted only once every column family's rows in it are flushed. The catalog
      // takes one small merge per commit (the commit-time mark) and would rarely fill its
      // memtable, holding every log back until RocksDB's default bound of about 1.5 GiB (875 MiB
      // seen after a million inserts). Past this bound the oldest family is flushed, so the logs,
      // and the replay after a crash, stay small.
      dbOptions.setMaxTotalWalSize(MAX_TOTAL_WAL_BYTES);
      // A synced append to a new log must also journal the file's new size; overwriting a recycled
      // log's blocks needs only the data written, which measured ~30% faster per sync on ext4
      // (1 KiB synced puts from one thread: ~5,400/s appending, ~7,500/s recycled). Records left
      // from a log's previous use carry its old number, so recovery stops at them.
      dbOptions.setRecycleLogFileNum(RECYCLED_LOGS);
      Statistics statistics = null;
      if (options.statistics()) {
        // Tickers, and of the histograms only the write-ahead log's sync times: every other one
        // is ignored, which also skips the clock reads that time them (the costly part of
        // RocksDB's statistics; the Java API offers no level below EXCEPT_DETAILED_TIMERS that
        // does it). Two clock reads around a sync of a millisecond or so cost nothing, and the
        // sync is most of a durable write's time: the figure says how much of it is the disk's.
        statistics =
            push(
                natives,
                new Statistics(
                    EnumSet.complementOf(
                        EnumSet.of(
                            HistogramType.HISTOGRAM_ENUM_MAX,
                            HistogramType.WAL_FILE_SYNC_MICROS))));
        statistics.setStatsLevel(StatsLevel.EXCEPT_DETAILED_TIMERS);
        dbOptions.setStatistics(statistics);
      }
      WriteOptions sync = push(natives, new WriteOptions().setSync(true));
      ReadOptions memoryOnly =
          push(natives, new ReadOptions().setReadTier(ReadTier.BLOCK_CACHE_TIER));
      List<ColumnFamilyDescriptor> descriptors =
          List.of(
              new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, plain),
              new ColumnFamilyDescriptor(CATALOG, catalogOptions),
              new ColumnFamilyDescriptor(ENTITIES, plain));
      RocksDatabase database =
          new RocksDatabase(natives, dir, dbOptions, descriptors, sync, memoryOnly, statistics);
      database.openFirst();
      return database;
    } catch (RocksWalLossException e) {
      closeAll(natives);
      throw e;
    } catch (RocksDBException | IOException | RuntimeException e) {
      closeAll(natives);
      throw new RocksStorageException("cannot open the RocksDB database at " + dir, e);
    }
  }

  /**
   * Opens the database for writing or, when the disk is too full for that (opening writes a new
   * MANIFEST, OPTIONS and log file and flushes what the logs hold), for reading only, with writes
   * refused until space returns. Reading needs no space: it replays the logs into memory.
   */
  private void openFirst() throws RocksDBException {
    try {
      install(RocksInstance.open(dbOptions, dir, descriptors, false));
    } catch (RocksDBException e) {
      if (!RocksDiskSpace.isNoSpace(e)) {
        throw e;
      }
      install(RocksInstance.open(dbOptions, dir, descriptors, true));
      space.startedFull(e);
    }
  }

  /**
   * Writes {@code batch} synced, unless the disk is full: then it throws a {@link
   * dev.tabula.engine.StorageException} of kind {@code OUT_OF_SPACE}, and the batch is not applied
   * (RocksDB applies a batch to its memtables only once its log record is written).
   */
  void write(WriteBatch batch) throws RocksDBException {
    space.refuseIfFull();
    try {
      db.write(syncWrites, batch);
    } catch (RocksDBException e) {
      if (RocksDiskSpace.isNoSpace(e)) {
        throw space.outOfSpace(e);
      }
      throw e;
    }
  }

  /**
   * After a full disk: serves reads from a read-only instance while the stopped writable one is
   * closed, then opens the database for writing again; false when that failed (the read-only
   * instance goes on serving reads).
   */
  private boolean reopenWritable() {
    try {
      if (!current.readOnly()) {
        swap(RocksInstance.open(dbOptions, dir, descriptors, true));
      }
      boolean writable = swap(RocksInstance.open(dbOptions, dir, descriptors, false));
      reopenFailureLogged &= !writable; // the next full disk may fail otherwise: say it again
      return writable;
    } catch (RocksDBException | RuntimeException e) {
      // Still too little space, or not yet: the recovery thread tries again. Anything else is
      // said once, or writes would stay refused with nothing in the log to say why.
      boolean noSpace = e instanceof RocksDBException r && RocksDiskSpace.isNoSpace(r);
      if (!noSpace && !reopenFailureLogged) {
        reopenFailureLogged = true;
        LOG.warn("Cannot reopen the RocksDB database at {} for writing; retrying", dir, e);
      }
      return false;
    }
  }

  /** Puts {@code next} in place of the current instance once calls in progress end. */
  private boolean swap(RocksInstance next) {
    lifecycle.writeLock().lock();
    try {
      if (closed) {
        next.close();
        return false;
      }
      RocksInstance previous = current;
      install(next);
      previous.close();
      return true;
    } finally {
      lifecycle.writeLock().unlock();
    }
  }

  private void install(RocksInstance instance) {
    current = instance;
    db = instance.db();
    catalog = instance.handles().get(1);
    entities = instance.handles().get(2);
  }

  /** Whether writes are refused for lack of space, and what the log says about it. */
  RocksDiskSpace space() {
    return space;
  }

  /**
   * How many times RocksDB has synced a write-ahead log file since it opened ({@code
   * WAL_FILE_SYNCED}); one sync covers every write of a group commit.
   *
   * @throws IllegalStateException when the database keeps no statistics
   */
  long walSyncs() {
    if (statistics == null) {
      throw new IllegalStateException(
          "statistics are off: open with RocksOptions.withStatistics()");
    }
    return use(() -> statistics.getTickerCount(TickerType.WAL_FILE_SYNCED));
  }

  /**
   * RocksDB's count of {@code ticker} since the database opened, for metrics: NaN when it keeps no
   * statistics or is closed, so that a scrape never fails.
   */
  double ticker(TickerType ticker) {
    if (statistics == null) {
      return Double.NaN;
    }
    try {
      return use(() -> statistics.getTickerCount(ticker));
    } catch (IllegalStateException closed) {
      return Double.NaN;
    }
  }

  /**
   * The sum of RocksDB's histogram {@code histogram} since the database opened (microseconds for a
   * timer), for metrics: NaN when it keeps no statistics or is closed, so that a scrape never
   * fails.
   */
  double histogramSum(HistogramType histogram) {
    if (statistics == null) {
      return Double.NaN;
    }
    try {
      return use(() -> statistics.getHistogramData(histogram).getSum());
    } catch (IllegalStateException closed) {
      return Double.NaN;
    }
  }

  /**
   * A numeric property of the database ({@code rocksdb.estimate-live-data-size}, ...), summed over
   * its column families when {@code summed}, for metrics: NaN once closed or when RocksDB does not
   * know it.
   */
  double property(String name, boolean summed) {
    try {
      return use(() -> summed ? db.getAggregatedLongProperty(name) : db.getLongProperty(name));
    } catch (IllegalStateException | RocksStorageException unknown) {
      return Double.NaN;
    }
  }

  /**
   * Runs {@code call} while the database is open, turning RocksDB's checked exception into {@link
   * RocksStorageException}. {@link #close} waits for calls in progress.
   *
   * @throws IllegalStateException when the database is closed
   */
  <T> T use(RocksCall<T> call) {
    lifecycle.readLock().lock();
    return callLocked(call);
  }

  /**
   * The value of {@code key} in {@code family} for a thread that must not wait: read from the
   * memtables and the block cache alone, and {@link Attempt.WouldWait} when it would have to be
   * read from a file, or while closing or a reopen holds the database.
   *
   * @return the value, or empty when there is none
   * @throws IllegalStateException when the database is closed
   */
  Attempt<Optional<byte[]>> tryGet(ColumnFamilyHandle family, byte[] key) {
    if (!lifecycle.readLock().tryLock()) {
      return Attempt.wouldWait();
    }
    try {
      if (closed) {
        throw new IllegalStateException("the storage engine is closed");
      }
      return Attempt.answered(Optional.ofNullable(db.get(family, memoryOnlyReads, key)));
    } catch (RocksDBException e) {
      if (e.getStatus() != null && e.getStatus().getCode() == Status.Code.Incomplete) {
        return Attempt.wouldWait(); // the value is in a file that is not cached
      }
      throw new RocksStorageException("RocksDB failed", e);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  /** Runs {@code call} under the read lock the caller took, and releases it. */
  private <T> T callLocked(RocksCall<T> call) {
    try {
      if (closed) {
        throw new IllegalStateException("the storage engine is closed");
      }
      return call.call();
    } catch (RocksDBException e) {
      throw new RocksStorageException("RocksDB failed", e);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  /** Closes every native object once calls in progress end; idempotent. */
  @Override
  public void close() {
    space.close(); // before the lock: a reopen in progress takes it
    lifecycle.writeLock().lock();
    try {
      if (!closed) {
        closed = true;
        if (current != null) {
          current.close();
        }
        closeAll(natives);
      }
    } finally {
      lifecycle.writeLock().unlock();
    }
  }

  private static <T extends AutoCloseable> T push(Deque<AutoCloseable> natives, T object) {
    natives.push(object);
    return object;
  }

  private static void closeAll(Deque<AutoCloseable> natives) {
    RuntimeException failure = null;
    while (!natives.isEmpty()) {
      try {
        natives.pop().close();
      } catch (Exception e) {
        failure = failure == null ? new RocksStorageException("cannot close RocksDB", e) : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
