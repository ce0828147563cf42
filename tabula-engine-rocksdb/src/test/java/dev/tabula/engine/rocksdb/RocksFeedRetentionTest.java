package dev.tabula.engine.rocksdb;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.engine.tck.SettableClock;
import dev.tabula.model.TableSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * The feed's retention on disk: a table's write after the retention passed range-deletes its
 * expired groups and leaves the mark of the newest one removed, and deleting the table deletes the
 * rest. Read from the files once the engine is closed. Broken once: staging no trim kept both old
 * groups on disk and this failed.
 */
class RocksFeedRetentionTest {
  private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

  @TempDir Path dir;

  private final SettableClock clock = new SettableClock();

  @Test
  void expiredGroups_areRangeDeleted_andTheTableTakesTheRest() {
    clock.set(START);
    TableInfo table;
    long newest;
    try (RocksStorageEngine engine = open()) {
      table = feedTable(engine, "kept");
      write(engine, table, "old1");
      write(engine, table, "old2");
      clock.set(START.plus(Duration.ofMinutes(11)));
      write(engine, table, "new");
      newest = engine.changeFeed().read(table, ChangeFeed.OLDEST, 10, Long.MAX_VALUE).next();
    }

    List<Long> positions = feedPositions(table.id());
    assertThat(positions).hasSize(2); // the mark (position 0) and the one retained group
    assertThat(positions.get(0)).isZero();
    assertThat(positions.get(1)).isEqualTo(newest);

    try (RocksStorageEngine engine = open()) {
      assertThat(engine.catalog().deleteTable(table.account(), table.name())).isTrue();
    }
    assertThat(feedPositions(table.id())).isEmpty();
  }

  private RocksStorageEngine open() {
    return new RocksStorageEngine(dir, RocksOptions.defaults().withBlockCacheBytes(1 << 20), clock);
  }

  private static TableInfo feedTable(RocksStorageEngine engine, String name) {
    assertThat(engine.catalog().createTable("acct", name)).isPresent();
    TableSettings settings = TableSettings.NONE.withChangeFeedRetention(Duration.ofMinutes(10));
    assertThat(engine.catalog().setTableSettings("acct", name, settings)).isTrue();
    return engine.catalog().findTable("acct", name).orElseThrow();
  }

  private static void write(RocksStorageEngine engine, TableInfo table, String rowKey) {
    Stages.join(
        engine
            .entities()
            .applyAsync(
                table,
                "p",
                List.of(Write.put(rowKey, props("v", 1), Precondition.MUST_NOT_EXIST))));
  }

  /** The positions of the table's feed keys in the closed database's files. */
  private List<Long> feedPositions(long tableId) {
    List<Long> positions = new ArrayList<>();
    try (RocksDatabase database = RocksDatabase.open(dir, RocksOptions.defaults())) {
      database.use(
          () -> {
            try (Slice upper = new Slice(RocksKeys.tablePrefix(tableId + 1));
                ReadOptions options = new ReadOptions().setIterateUpperBound(upper);
                RocksIterator it = database.db.newIterator(database.entities, options)) {
              for (it.seek(RocksKeys.feedMarkKey(tableId)); it.isValid(); it.next()) {
                positions.add(RocksKeys.feedPosition(it.key()));
              }
            }
            return null;
          });
    }
    return positions;
  }
}
