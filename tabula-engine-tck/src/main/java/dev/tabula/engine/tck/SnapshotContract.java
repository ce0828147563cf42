package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.EngineSnapshot;
import dev.tabula.engine.SnapshotUnsupportedException;
import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link StorageEngine#snapshot()}: a point-in-time copy of the engine's files that opens as the
 * engine did when it was taken, or one line saying why the engine cannot make one.
 */
public interface SnapshotContract extends EngineContext {

  /** Opens the engine under test on {@code dir}, another directory than the test's own. */
  StorageEngine openOn(Path dir);

  @Test
  default void snapshot_opensWithEveryEarlierWriteAndNoLaterOne_orSaysWhyNot() throws IOException {
    TableInfo table = newTable();
    Entity before = insert(table, "p", "before", props("v", 1));
    EngineSnapshot snapshot;
    try {
      snapshot = engine().snapshot();
    } catch (SnapshotUnsupportedException e) {
      assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
      return;
    }
    Path copy = Files.createTempDirectory("tabula-tck-snapshot");
    try {
      try (snapshot) {
        insert(table, "p", "after", props("v", 2));
        assertThat(snapshot.files()).contains("CURRENT").doesNotHaveDuplicates();
        for (String file : snapshot.files()) {
          Files.copy(snapshot.directory().resolve(file), copy.resolve(file));
        }
      }
      assertThat(snapshot.directory()).doesNotExist();
      snapshot.close(); // a second close is harmless
      try (StorageEngine restored = openOn(copy)) {
        assertThat(restored.catalog().findTable(ACCOUNT, table.name())).contains(table);
        assertThat(restored.entities().read(table.id(), new EntityKey("p", "before")))
            .contains(before);
        assertThat(restored.entities().read(table.id(), new EntityKey("p", "after"))).isEmpty();
      }
    } finally {
      removeTree(copy);
    }
  }

  private static void removeTree(Path dir) throws IOException {
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
