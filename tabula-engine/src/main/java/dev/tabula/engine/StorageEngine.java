package dev.tabula.engine;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.Set;

/** A storage engine: its catalog of tables, its entity store and what it promises. */
public interface StorageEngine extends AutoCloseable {

  /** The catalog of tables. */
  Catalog catalog();

  /** The entity store. */
  EntityStore entities();

  /**
   * The tables' change feeds, when the engine declares {@link Capability#CHANGE_FEED}.
   *
   * @throws UnsupportedOperationException otherwise (this default)
   */
  default ChangeFeed changeFeed() {
    throw new UnsupportedOperationException("this storage engine has no change feed");
  }

  /** Per-account settings outside any table (the Table service properties). */
  AccountSettings accountSettings();

  /** The promises this engine makes. */
  Set<Capability> capabilities();

  /**
   * Whether the engine can serve reads and writes now ({@link Readiness#READY}), or why not:
   * closed, out of disk, its cluster unreachable. Asked by every readiness probe, so it must be
   * cheap and must never wait on I/O: it reports what the engine already knows (a state it keeps, a
   * driver's view of its nodes), never a round trip of its own. Thread-safe; after {@link #close}
   * it says {@link Readiness#CLOSED}.
   */
  Readiness readiness();

  /**
   * Registers the engine's own figures (RocksDB's write-ahead log syncs, write stalls, sizes and
   * cache hits, ...) with {@code registry}, which reads them when it is scraped; the server calls
   * it once, after opening. The figures must be cheap to read, and must read as unknown (NaN) or
   * their last value rather than fail once the engine is closed. Micrometer is the facade here as
   * SLF4J is for logs: the engine names its figures, the server picks the registry. The default
   * registers none.
   */
  default void bindMetrics(MeterRegistry registry) {}

  /**
   * A point-in-time copy of the engine's files, for a backup of a running server: every write
   * acknowledged before the call is in it, and each write (a batch included) is in it whole or not
   * at all. Writes go on while it is taken; the copy should be cheap in time and space (RocksDB
   * links its immutable files rather than copying them). Thread-safe; the caller closes the
   * snapshot, which removes its files.
   *
   * <p>The default says the engine cannot; an engine that keeps its data elsewhere says what to use
   * instead.
   *
   * @throws SnapshotUnsupportedException when the engine has no files to copy
   * @throws StorageException or another runtime exception when the copy cannot be made
   */
  default EngineSnapshot snapshot() {
    throw new SnapshotUnsupportedException("this storage engine cannot copy its files");
  }

  /** Releases files and threads; calls after close fail. */
  @Override
  void close();
}
