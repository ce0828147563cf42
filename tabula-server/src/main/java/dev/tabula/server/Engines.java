package dev.tabula.server;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.engine.rocksdb.RocksOptions;
import dev.tabula.engine.rocksdb.RocksStorageEngine;

/** Opens the storage engine a config names. */
final class Engines {
  private Engines() {}

  static StorageEngine open(ServerConfig config) {
    return switch (config.engine()) {
      case MEMORY -> new MemoryStorageEngine();
      case ROCKSDB -> new RocksStorageEngine(config.dataDir(), RocksOptions.defaults());
    };
  }
}
