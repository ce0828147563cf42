package dev.tabula.server;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.cassandra.CassandraOptions;
import dev.tabula.engine.cassandra.CassandraStorageEngine;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.engine.rocksdb.RocksOptions;
import dev.tabula.engine.rocksdb.RocksStorageEngine;
import io.micrometer.core.instrument.MeterRegistry;

/** Opens the storage engine a config names. */
final class Engines {
  private Engines() {}

  static StorageEngine open(ServerConfig config) {
    return open(config, false);
  }

  /**
   * Opens the engine a config names; the RocksDB engine opens over a write-ahead log that lost
   * acknowledged writes only when {@code acceptWalDataLoss}.
   */
  static StorageEngine open(ServerConfig config, boolean acceptWalDataLoss) {
    return switch (config.engine()) {
      case MEMORY -> new MemoryStorageEngine();
      case CASSANDRA ->
          throw new IllegalArgumentException(
              "the cassandra engine needs the cluster's options: use open(config, cassandra)");
      case ROCKSDB ->
          new RocksStorageEngine(
              config.dataDir(),
              RocksOptions.defaults()
                  .withBlockCacheBytes(config.resources().blockCacheBytes())
                  .withAcceptWalDataLoss(acceptWalDataLoss)
                  .withStatistics());
    };
  }

  /**
   * Opens the engine a config names, as {@link #open(ServerConfig, boolean)}; the Cassandra engine
   * on {@code cassandra}'s cluster, its driver's metrics on {@code registry}.
   */
  static StorageEngine open(
      ServerConfig config,
      CassandraOptions cassandra,
      boolean acceptWalDataLoss,
      MeterRegistry registry) {
    return config.engine() == EngineKind.CASSANDRA
        ? CassandraStorageEngine.open(cassandra, registry)
        : open(config, acceptWalDataLoss);
  }
}
