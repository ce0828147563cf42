package dev.tabula.engine.memory;

import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.EngineSnapshot;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Readiness;
import dev.tabula.engine.SnapshotUnsupportedException;
import dev.tabula.engine.StorageEngine;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Set;

/**
 * A storage engine that keeps everything on the heap, for tests and development. Nothing survives
 * {@link #close()} or the process; its one capability is the change feed ({@link MemoryFeed}).
 * Thread-safe; applies to one table are serialized (see {@link MemoryTable}), which keeps it simple
 * and obviously correct.
 */
public final class MemoryStorageEngine implements StorageEngine {
  private final MemoryLifecycle lifecycle = new MemoryLifecycle();
  private final MemoryEntityStore entities;
  private final MemoryCatalog catalog;
  private final MemoryChangeFeed feed;
  private final MemoryAccountSettings settings = new MemoryAccountSettings(lifecycle);

  /** An empty engine whose commit times follow the system clock. */
  public MemoryStorageEngine() {
    this(Clock.systemUTC());
  }

  /** An empty engine whose commit times follow {@code wallClock} (kept strictly increasing). */
  public MemoryStorageEngine(Clock wallClock) {
    this.entities = new MemoryEntityStore(wallClock, lifecycle);
    this.feed = new MemoryChangeFeed(entities);
    this.catalog = new MemoryCatalog(entities, lifecycle);
  }

  @Override
  public Catalog catalog() {
    return catalog;
  }

  @Override
  public EntityStore entities() {
    return entities;
  }

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
    return EnumSet.of(Capability.CHANGE_FEED, Capability.SECONDARY_INDEXES);
  }

  /** Ready until closed: the heap has nothing else to wait for. */
  @Override
  public Readiness readiness() {
    return lifecycle.isClosed() ? Readiness.CLOSED : Readiness.READY;
  }

  /** Never: the heap is not a file; {@code tabula export} saves the tables instead. */
  @Override
  public EngineSnapshot snapshot() {
    throw new SnapshotUnsupportedException(
        "the memory engine keeps nothing on disk to back up; save its tables with tabula export");
  }

  /** Marks the engine closed; idempotent. Later calls throw {@link IllegalStateException}. */
  @Override
  public void close() {
    lifecycle.close();
  }
}
