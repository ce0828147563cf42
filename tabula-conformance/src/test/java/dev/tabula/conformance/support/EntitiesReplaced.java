package dev.tabula.conformance.support;

import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Readiness;
import dev.tabula.engine.StorageEngine;
import java.util.Set;

/**
 * A real storage engine whose entity store is replaced by another (usually one that wraps the
 * engine's own to inject a failure), everything else being the engine's.
 */
public final class EntitiesReplaced {
  private EntitiesReplaced() {}

  /** {@code engine}, with {@code entities} as its entity store. */
  public static StorageEngine of(StorageEngine engine, EntityStore entities) {
    return new StorageEngine() {
      @Override
      public Catalog catalog() {
        return engine.catalog();
      }

      @Override
      public EntityStore entities() {
        return entities;
      }

      @Override
      public AccountSettings accountSettings() {
        return engine.accountSettings();
      }

      @Override
      public ChangeFeed changeFeed() {
        return engine.changeFeed();
      }

      @Override
      public Set<Capability> capabilities() {
        return engine.capabilities();
      }

      @Override
      public Readiness readiness() {
        return engine.readiness();
      }

      @Override
      public void close() {
        engine.close();
      }
    };
  }
}
