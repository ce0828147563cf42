package dev.tabula.engine.memory;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.tck.StorageEngineContract;
import java.nio.file.Path;
import java.time.Clock;

class MemoryStorageEngineTest extends StorageEngineContract {

  @Override
  protected StorageEngine openEngine(Path dir, Clock wallClock) {
    return new MemoryStorageEngine(wallClock);
  }
}
