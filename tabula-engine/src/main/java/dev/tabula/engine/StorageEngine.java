package dev.tabula.engine;

import java.util.Set;

/** A storage engine: its catalog of tables, its entity store and what it promises. */
public interface StorageEngine extends AutoCloseable {

  /** The catalog of tables. */
  Catalog catalog();

  /** The entity store. */
  EntityStore entities();

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

  /** Releases files and threads; calls after close fail. */
  @Override
  void close();
}
