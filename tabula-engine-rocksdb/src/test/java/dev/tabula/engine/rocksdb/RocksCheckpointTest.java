package dev.tabula.engine.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.EngineSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksCheckpointTest {
  @TempDir Path dir;

  @Test
  void checkpoint_livesInTheDataDirectory_andALeftoverOneIsRemovedAtOpen() throws Exception {
    RocksOptions options = RocksOptions.defaults().withBlockCacheBytes(1 << 20);
    Path left;
    try (RocksStorageEngine engine = new RocksStorageEngine(dir, options)) {
      EngineSnapshot snapshot = engine.snapshot();
      left = snapshot.directory();
      assertThat(left.getParent()).isEqualTo(dir);
      assertThat(left.getFileName().toString()).startsWith(RocksCheckpoint.PREFIX);
      assertThat(snapshot.engine()).isEqualTo("rocksdb");
      assertThat(snapshot.files()).last().isEqualTo("CURRENT");
      for (String file : snapshot.files()) {
        assertThat(left.resolve(file)).isRegularFile();
      }
      // not closed: as if the process stopped midway through a backup
    }
    assertThat(left).isDirectory();

    new RocksStorageEngine(dir, options).close();

    assertThat(left).doesNotExist();
    assertThat(dir.resolve("CURRENT")).isRegularFile();
    try (var children = Files.list(dir)) {
      assertThat(children.filter(Files::isDirectory)).isEmpty();
    }
  }
}
