package dev.tabula.engine.rocksdb;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.tck.StorageEngineContract;
import java.nio.file.Path;
import java.time.Clock;

class RocksStorageEngineTest extends StorageEngineContract {

  @Override
  protected StorageEngine openEngine(Path dir, Clock wallClock) {
    // A small cache: tests open many engines and never need a big one.
    return new RocksStorageEngine(
        dir, RocksOptions.defaults().withBlockCacheBytes(1 << 20), wallClock);
  }
}
