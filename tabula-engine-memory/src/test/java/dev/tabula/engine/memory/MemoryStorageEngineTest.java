package dev.tabula.engine.memory;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.SnapshotUnsupportedException;
import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.tck.StorageEngineContract;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class MemoryStorageEngineTest extends StorageEngineContract {

  @Override
  protected StorageEngine openEngine(Path dir, Clock wallClock) {
    return new MemoryStorageEngine(wallClock);
  }

  @Test
  void snapshot_isRefused_pointingToExport() {
    assertThatThrownBy(() -> engine().snapshot())
        .isInstanceOf(SnapshotUnsupportedException.class)
        .hasMessage(
            "the memory engine keeps nothing on disk to back up; save its tables with tabula"
                + " export");
  }
}
