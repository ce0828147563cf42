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

  /** Releases files and threads; calls after close fail. */
  @Override
  void close();
}
