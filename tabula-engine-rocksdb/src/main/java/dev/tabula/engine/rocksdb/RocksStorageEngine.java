package dev.tabula.engine.rocksdb;

import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.CommitClock;
import dev.tabula.engine.EngineSnapshot;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Readiness;
import dev.tabula.engine.StorageEngine;
import dev.tabula.model.EdmDateTimes;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Set;

/**
 * The embedded default engine: one RocksDB database in a directory, with a catalog column family
 * (tables, the next table id, the format version, a commit-time mark, account settings) and an
 * entities column family (keys from {@link RocksKeys}, values from {@link dev.tabula.engine.codec
 * .EntityValueCodec}; each table's secondary-index entries and change feed follow its entities).
 * Every acknowledged write is synced to the write-ahead log; RocksDB joins concurrent syncs into
 * one (group commit), so throughput comes from concurrency.
 *
 * <p>Commit times stay increasing across restarts even if the wall clock steps back: each batch
 * raises a mark in the catalog (merged with RocksDB's "max" operator, so concurrent batches cannot
 * lower it) and opening the engine makes the commit clock start after it.
 *
 * <p>Thread-safe. {@link #close()} waits for calls in progress; calls after it throw {@link
 * IllegalStateException}.
 */
public final class RocksStorageEngine implements StorageEngine {
  private final RocksDatabase database;
  private final RocksCatalog catalog;
  private final RocksEntityStore entities;
  private final RocksChangeFeed feed;
  private final RocksAccountSettings settings;
  private final RocksWalMarker marker;
  private final Path dir;
  private volatile boolean closed;

  /** Opens (or creates) the engine in {@code dir}, with commit times from the system clock. */
  public RocksStorageEngine(Path dir, RocksOptions options) {
    this(dir, options, Clock.systemUTC());
  }

  /**
   * Opens (or creates) the engine in {@code dir}, with commit times from {@code wallClock}.
   *
   * @throws RocksStorageException when the database cannot be opened (for example another process
   *     holds it)
   * @throws IllegalStateException when the data is in a format this version does not know
   * @throws RocksWalLossException when the write-ahead log lost acknowledged writes, unless {@link
   *     RocksOptions#acceptWalDataLoss()}
   */
  public RocksStorageEngine(Path dir, RocksOptions options, Clock wallClock) {
    this.dir = dir;
    RocksCheckpoint.removeLeftovers(dir);
    database = RocksDatabase.open(dir, options);
    try {
      RocksLiveTables live = new RocksLiveTables();
      RocksTableSettings tableSettings = new RocksTableSettings();
      catalog = RocksCatalog.load(database, live, tableSettings);
      CommitClock clock = new CommitClock(wallClock);
      byte[] mark =
          database.use(() -> database.db.get(database.catalog, RocksCatalogRecords.CLOCK_KEY));
      if (mark != null) {
        clock.observe(EdmDateTimes.fromTicks(RocksCatalogRecords.decodeClockMark(mark)));
      }
      settings = new RocksAccountSettings(database);
      entities =
          new RocksEntityStore(
              database, live, tableSettings, options.commitLanes(), clock, wallClock);
      feed = entities.changeFeed(wallClock);
      live.onDrop(entities::tableDropped);
      marker = new RocksWalMarker(database, dir);
    } catch (RuntimeException e) {
      database.close();
      throw e;
    }
  }

  /**
   * How many times the write-ahead log has been synced since the engine opened: a write is
   * acknowledged only after a sync that began after it was written, so a test can check each write
   * against it.
   *
   * @throws IllegalStateException unless opened with {@link RocksOptions#withStatistics()}
   */
  public long walSyncs() {
    return database.walSyncs();
  }

  /**
   * Registers RocksDB's figures: write-ahead log syncs and bytes, write stalls, block-cache hits,
   * misses and usage (counters need {@link RocksOptions#withStatistics()}, else they read NaN),
   * live data, table files, memtables and pending compaction.
   */
  @Override
  public void bindMetrics(MeterRegistry registry) {
    RocksMetrics.bind(database, registry);
  }

  @Override
  public Catalog catalog() {
    return catalog;
  }

  @Override
  public EntityStore entities() {
    return entities;
  }

  /** {@inheritDoc} Stored with the entities ({@link RocksChangeFeed}). */
  @Override
  public ChangeFeed changeFeed() {
    return feed;
  }

  @Override
  public AccountSettings accountSettings() {
    return settings;
  }

  @Override
  public Set<Capability> capabilities() {
    return EnumSet.of(
        Capability.DURABLE_ON_ACK,
        Capability.PERSISTENT,
        Capability.NON_BLOCKING_READS,
        Capability.NON_BLOCKING_WRITES,
        Capability.CHANGE_FEED,
        Capability.SECONDARY_INDEXES);
  }

  /**
   * Not ready while writes are refused for a full disk (reads go on): it follows the engine's own
   * state, so it turns ready again by itself once space is freed and writes come back.
   */
  @Override
  public Readiness readiness() {
    if (closed) {
      return Readiness.CLOSED;
    }
    return database.space().full()
        ? Readiness.notReady("the disk is full (writes refused)")
        : Readiness.READY;
  }

  /**
   * A RocksDB checkpoint in the data directory ({@link RocksCheckpoint}): table files linked, the
   * rest copied; removed by its close, or at the next open if the process stops first.
   */
  @Override
  public EngineSnapshot snapshot() {
    return RocksCheckpoint.take(database, dir);
  }

  /** Closes the database once calls in progress end; idempotent. */
  @Override
  public void close() {
    closed = true;
    entities.close(); // commits what is queued first
    marker.close(); // then marks every write acknowledged as such
    database.close();
  }
}
