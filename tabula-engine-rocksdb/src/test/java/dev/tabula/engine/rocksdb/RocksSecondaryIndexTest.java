package dev.tabula.engine.rocksdb;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexRange;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.KeyBound;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.engine.codec.IndexValueCodec;
import dev.tabula.engine.index.IndexEntries;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * The RocksDB layout of secondary indexes ({@link RocksKeys}: {@code tableId | 0xFE | indexId |
 * entry}), checked where only this engine can be: in the raw keys of the closed database. Broken
 * once each, and red: {@code entitiesEnd} at the feed's 0xFF (the scans read index keys as
 * entities); no range deletion of a dropped index; a build that stopped after its first chunk;
 * commit rounds that staged no entries.
 */
class RocksSecondaryIndexTest {
  private static final IndexDefinition BY_V =
      new IndexDefinition(1, "byV", "v", IndexDefinition.State.READY);
  private static final IndexDefinition BY_W =
      new IndexDefinition(2, "byW", "w", IndexDefinition.State.READY);
  private static final List<String> PARTITIONS = List.of("a", "b", "\uFFFF", "\uD83D\uDE00");

  @TempDir Path dir;

  @Test
  void entityScans_neverReadIndexKeys() {
    try (RocksStorageEngine engine = open()) {
      TableSettings settings =
          TableSettings.NONE
              .withChangeFeedRetention(Duration.ofHours(1))
              .withIndexes(List.of(BY_V));
      TableInfo table = table(engine, "scanned", settings);
      List<EntityKey> written = new ArrayList<>();
      for (String pk : PARTITIONS) {
        for (int i = 0; i < 3; i++) {
          put(engine, table, pk, "r" + i, props("v", pk + i));
          written.add(new EntityKey(pk, "r" + i));
        }
      }
      assertThat(scanKeys(engine, table, KeyRange.ALL)).containsExactlyElementsOf(written);
      String last = PARTITIONS.get(PARTITIONS.size() - 1);
      assertThat(scanKeys(engine, table, new KeyRange(at(last), null)))
          .containsExactlyElementsOf(written.subList(written.size() - 3, written.size()));
      assertThat(scanKeys(engine, table, KeyRange.partition(last)))
          .containsExactlyElementsOf(written.subList(written.size() - 3, written.size()));
      assertThat(readEq(engine, table, BY_V, new EdmValue.EdmString(last + 1)))
          .containsExactly(new EntityKey(last, "r1"));
    }
  }

  @Test
  void droppingAnIndex_removesItsKeys_andDeletingTheTableRemovesTheRest() {
    TableInfo table;
    try (RocksStorageEngine engine = open()) {
      table = table(engine, "dropped", TableSettings.NONE.withIndexes(List.of(BY_V, BY_W)));
      for (int i = 0; i < 10; i++) {
        put(engine, table, "p", "r" + i, props("v", i, "w", "x" + i));
      }
    }
    assertThat(indexEntries(table.id(), BY_V)).hasSize(10);
    assertThat(indexEntries(table.id(), BY_W)).hasSize(10);

    try (RocksStorageEngine engine = open()) {
      TableSettings onlyW = TableSettings.NONE.withIndexes(List.of(BY_W));
      assertThat(engine.catalog().setTableSettings("acct", "dropped", onlyW)).isTrue();
      put(engine, table, "p", "r10", props("v", 10, "w", "x10")); // only W's entry now
    }
    assertThat(indexEntries(table.id(), BY_V)).isEmpty();
    assertThat(indexEntries(table.id(), BY_W)).hasSize(11);

    try (RocksStorageEngine engine = open()) {
      assertThat(scanKeys(engine, table, KeyRange.ALL)).hasSize(11);
      assertThat(engine.catalog().deleteTable("acct", "dropped")).isTrue();
    }
    assertThat(indexEntries(table.id(), BY_W)).isEmpty();
  }

  @Test
  void entries_followChanges_andSurviveReopening() {
    TableInfo table;
    try (RocksStorageEngine engine = open()) {
      table = table(engine, "reopened", TableSettings.NONE.withIndexes(List.of(BY_V)));
      for (int i = 0; i < 6; i++) {
        put(engine, table, "p", "r" + i, props("v", i % 2));
      }
      put(engine, table, "p", "r0", props("v", 1)); // moves from 0 to 1
      put(engine, table, "p", "r2", props("other", 0)); // leaves the index
      delete(engine, table, "p", "r4"); // so does its entry
    }
    Set<String> expected = new TreeSet<>();
    for (String rowKey : List.of("r0", "r1", "r3", "r5")) {
      expected.add(hex(entry(1, "p", rowKey)));
    }
    assertThat(indexEntries(table.id(), BY_V)).containsExactlyElementsOf(expected);

    try (RocksStorageEngine engine = open()) {
      TableInfo reopened = engine.catalog().findTable("acct", "reopened").orElseThrow();
      assertThat(readEq(engine, reopened, BY_V, new EdmValue.EdmInt32(1)))
          .containsExactly(key("r0"), key("r1"), key("r3"), key("r5"));
      assertThat(readEq(engine, reopened, BY_V, new EdmValue.EdmInt32(0))).isEmpty();
    }
  }

  @Test
  void buildIndex_overThousandsOfEntities_givesEachItsEntry() {
    TableInfo table;
    IndexDefinition building = BY_V.withState(IndexDefinition.State.BUILDING);
    try (RocksStorageEngine engine = open()) {
      table = table(engine, "built", TableSettings.NONE);
      for (int p = 0; p < 50; p++) {
        List<Write> writes = new ArrayList<>();
        for (int r = 0; r < 100; r++) {
          writes.add(Write.put(String.format("r%03d", r), props("v", r % 10), Precondition.NONE));
        }
        Stages.join(engine.entities().applyAsync(table, String.format("p%02d", p), writes));
      }
      TableSettings settings = TableSettings.NONE.withIndexes(List.of(building));
      assertThat(engine.catalog().setTableSettings("acct", "built", settings)).isTrue();
      TableInfo declared = engine.catalog().findTable("acct", "built").orElseThrow();
      engine.entities().buildIndex(declared, building);

      List<EntityKey> threes = readEq(engine, declared, building, new EdmValue.EdmInt32(3));
      assertThat(threes).hasSize(500).isSorted();
      assertThat(threes).allMatch(key -> key.rowKey().endsWith("3"));
      List<IndexRange> everyValue = List.of(range(0, 10));
      assertThat(readIndex(engine, declared, building, everyValue))
          .containsExactlyElementsOf(scanKeys(engine, declared, KeyRange.ALL));
    }
    assertThat(indexEntries(table.id(), building)).hasSize(5000);
  }

  /**
   * Writes move values while the build runs; afterwards the index holds exactly the entries of the
   * entities as they are, none of a value an entity no longer has. Broken once: chunks read and
   * written during applies (the shared side of the gate) instead of between them left stale
   * entries.
   */
  @Test
  void buildIndex_racingWrites_leavesExactlyTheCurrentEntries() throws Exception {
    TableInfo table;
    IndexDefinition building = BY_V.withState(IndexDefinition.State.BUILDING);
    Set<String> expected = new TreeSet<>();
    try (RocksStorageEngine engine = open()) {
      table = table(engine, "raced", TableSettings.NONE);
      for (int p = 0; p < 30; p++) {
        List<Write> writes = new ArrayList<>();
        for (int r = 0; r < 100; r++) {
          writes.add(Write.put("r" + r, props("v", 0), Precondition.NONE));
        }
        Stages.join(engine.entities().applyAsync(table, "p" + p, writes));
      }
      TableSettings settings = TableSettings.NONE.withIndexes(List.of(building));
      assertThat(engine.catalog().setTableSettings("acct", "raced", settings)).isTrue();
      AtomicBoolean running = new AtomicBoolean(true);
      Thread writer =
          new Thread(
              () -> {
                for (int i = 1; running.get() || i < 200; i++) {
                  put(engine, table, "p" + (i * 7 % 30), "r" + (i * 13 % 100), props("v", i));
                }
              });
      writer.start();
      engine
          .entities()
          .buildIndex(engine.catalog().findTable("acct", "raced").orElseThrow(), building);
      running.set(false);
      writer.join();
      for (EntityKey key : scanKeys(engine, table, KeyRange.ALL)) {
        Entity entity = engine.entities().read(table.id(), key).orElseThrow();
        expected.add(hex(IndexEntries.entryOf(entity, building)));
      }
    }
    assertThat(expected).hasSize(3000);
    assertThat(indexEntries(table.id(), building)).containsExactlyElementsOf(expected);
  }

  /**
   * A batch moves the value 1 from one entity to the other and back, over and over; every index
   * read of the value 1, filtered on it as a query is, finds exactly one of them. Broken once:
   * point reads outside the cursors' snapshot found pages with none.
   */
  @Test
  void scanIndex_neverSeesHalfABatch() throws Exception {
    try (RocksStorageEngine engine = open()) {
      TableInfo table = table(engine, "swapped", TableSettings.NONE.withIndexes(List.of(BY_V)));
      put(engine, table, "p", "a", props("v", 1));
      put(engine, table, "p", "b", props("v", 0));
      AtomicBoolean running = new AtomicBoolean(true);
      Thread writer =
          new Thread(
              () -> {
                for (int i = 0; running.get(); i++) {
                  List<Write> swap =
                      List.of(
                          Write.put("a", props("v", i % 2), Precondition.NONE),
                          Write.put("b", props("v", (i + 1) % 2), Precondition.NONE));
                  Stages.join(engine.entities().applyAsync(table, "p", swap));
                }
              });
      writer.start();
      byte[] one = IndexValueCodec.encode(new EdmValue.EdmInt32(1)).orElseThrow();
      List<IndexRange> ones = List.of(new IndexRange(one, successor(one)));
      try {
        for (int read = 0; read < 2_000; read++) {
          ScanRequest request =
              new ScanRequest(
                  KeyRange.ALL,
                  10,
                  System.nanoTime() + seconds(10),
                  entity -> entity.properties().get("v").equals(new EdmValue.EdmInt32(1)));
          IndexPage answer = engine.entities().scanIndex(table, new IndexScan(BY_V, ones, request));
          assertThat(((IndexPage.Read) answer).page().entities()).hasSize(1);
        }
      } finally {
        running.set(false);
        writer.join();
      }
    }
  }

  /**
   * A build pauses the commit rounds one chunk at a time, never for the whole build: writes started
   * once the build has begun commit while it still runs. Broken once: the whole build between
   * applies (one exclusive section) held every write until its end.
   */
  @Test
  void buildIndex_letsWritesCommitBetweenItsChunks() throws Exception {
    try (RocksStorageEngine engine = open()) {
      TableInfo table = table(engine, "busy", TableSettings.NONE);
      for (int p = 0; p < 400; p++) {
        List<Write> writes = new ArrayList<>();
        for (int r = 0; r < 100; r++) {
          writes.add(Write.put("r" + r, props("v", r), Precondition.NONE));
        }
        Stages.join(engine.entities().applyAsync(table, "p" + p, writes));
      }
      IndexDefinition building = BY_V.withState(IndexDefinition.State.BUILDING);
      assertThat(
              engine
                  .catalog()
                  .setTableSettings(
                      "acct", "busy", TableSettings.NONE.withIndexes(List.of(building))))
          .isTrue();
      TableInfo declared = engine.catalog().findTable("acct", "busy").orElseThrow();
      Thread build = new Thread(() -> engine.entities().buildIndex(declared, building));
      build.start();
      byte[] zero = IndexValueCodec.encode(new EdmValue.EdmInt32(0)).orElseThrow();
      IndexScan zeros =
          new IndexScan(
              building,
              List.of(new IndexRange(zero, successor(zero))),
              ScanRequest.of(KeyRange.ALL, 1, seconds(10)));
      long deadline = System.nanoTime() + seconds(30);
      while (((IndexPage.Read) engine.entities().scanIndex(declared, zeros))
              .page()
              .entities()
              .isEmpty()
          && System.nanoTime() < deadline) {
        Thread.onSpinWait(); // until the first chunk is written
      }
      for (int i = 0; i < 5; i++) {
        put(engine, declared, "q", "r" + i, props("v", i));
      }
      boolean stillBuilding = build.isAlive();
      build.join();
      assertThat(stillBuilding).isTrue();
    }
  }

  @Test
  void buildIndex_ofAnIndexOrTableNoLongerListed_writesNothing() {
    TableInfo table;
    try (RocksStorageEngine engine = open()) {
      table = table(engine, "gone", TableSettings.NONE);
      put(engine, table, "p", "r", props("v", 1));
      engine.entities().buildIndex(table, BY_V); // not listed in the settings
      assertThat(engine.catalog().deleteTable("acct", "gone")).isTrue();
      engine.entities().buildIndex(table, BY_V); // no such table
    }
    assertThat(indexEntries(table.id(), BY_V)).isEmpty();
  }

  private RocksStorageEngine open() {
    return new RocksStorageEngine(dir, RocksOptions.defaults().withBlockCacheBytes(1 << 20));
  }

  private static TableInfo table(RocksStorageEngine engine, String name, TableSettings settings) {
    assertThat(engine.catalog().createTable("acct", name)).isPresent();
    assertThat(engine.catalog().setTableSettings("acct", name, settings)).isTrue();
    return engine.catalog().findTable("acct", name).orElseThrow();
  }

  private static void put(
      RocksStorageEngine engine,
      TableInfo table,
      String pk,
      String rk,
      Map<String, EdmValue> properties) {
    Stages.join(
        engine
            .entities()
            .applyAsync(table, pk, List.of(Write.put(rk, properties, Precondition.NONE))));
  }

  private static void delete(RocksStorageEngine engine, TableInfo table, String pk, String rk) {
    Stages.join(
        engine.entities().applyAsync(table, pk, List.of(Write.delete(rk, Precondition.NONE))));
  }

  private static KeyBound at(String partitionKey) {
    return new KeyBound.AtKey(EntityKey.firstOf(partitionKey));
  }

  private static EntityKey key(String rowKey) {
    return new EntityKey("p", rowKey);
  }

  /** The keys of every page of a scan of {@code range}, pages of 2 so they resume. */
  private static List<EntityKey> scanKeys(
      RocksStorageEngine engine, TableInfo table, KeyRange range) {
    List<EntityKey> keys = new ArrayList<>();
    KeyRange next = range;
    while (next != null) {
      Page page = engine.entities().scan(table.id(), ScanRequest.of(next, 2, seconds(10)));
      page.entities().forEach(entity -> keys.add(entity.key()));
      next = page.resumeKey() == null ? null : next.resumeAt(page.resumeKey());
    }
    return keys;
  }

  /** The keys an index read of one value returns, over every page. */
  private static List<EntityKey> readEq(
      RocksStorageEngine engine, TableInfo table, IndexDefinition index, EdmValue value) {
    byte[] form = IndexValueCodec.encode(value).orElseThrow();
    return readIndex(engine, table, index, List.of(new IndexRange(form, successor(form))));
  }

  /** The keys an index read returns, over every page of 7. */
  private static List<EntityKey> readIndex(
      RocksStorageEngine engine, TableInfo table, IndexDefinition index, List<IndexRange> ranges) {
    List<EntityKey> keys = new ArrayList<>();
    KeyRange next = KeyRange.ALL;
    while (next != null) {
      IndexScan scan = new IndexScan(index, ranges, ScanRequest.of(next, 7, seconds(10)));
      IndexPage answer = engine.entities().scanIndex(table, scan);
      assertThat(answer).isInstanceOf(IndexPage.Read.class);
      Page page = ((IndexPage.Read) answer).page();
      page.entities().forEach(entity -> keys.add(entity.key()));
      next = page.resumeKey() == null ? null : next.resumeAt(page.resumeKey());
    }
    return keys;
  }

  /** The Int32 values from {@code from} up to {@code to}, excluded. */
  private static IndexRange range(int from, int to) {
    return new IndexRange(
        IndexValueCodec.encode(new EdmValue.EdmInt32(from)).orElseThrow(),
        IndexValueCodec.encode(new EdmValue.EdmInt32(to)).orElseThrow());
  }

  private static byte[] successor(byte[] form) {
    byte[] next = IndexValueCodec.successor(form);
    assertThat(next).isNotNull();
    return next;
  }

  /** The entry an entity with the Int32 {@code v} has in {@link #BY_V}. */
  private static byte[] entry(int v, String pk, String rk) {
    Entity entity = new Entity(pk, rk, null, props("v", v));
    return IndexEntries.entryOf(entity, BY_V);
  }

  private static long seconds(int seconds) {
    return TimeUnit.SECONDS.toNanos(seconds);
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  /** The entries (hex, in key order) of one index of a table, from the closed database's files. */
  private List<String> indexEntries(long tableId, IndexDefinition index) {
    List<String> entries = new ArrayList<>();
    byte[] prefix = RocksKeys.indexPrefix(tableId, index.id());
    try (RocksDatabase database = RocksDatabase.open(dir, RocksOptions.defaults())) {
      database.use(
          () -> {
            try (Slice upper = new Slice(RocksKeys.indexEnd(tableId, index.id()));
                ReadOptions options = new ReadOptions().setIterateUpperBound(upper);
                RocksIterator it = database.db.newIterator(database.entities, options)) {
              for (it.seek(prefix); it.isValid(); it.next()) {
                byte[] key = it.key();
                assertThat(it.value()).isEmpty();
                entries.add(hex(Arrays.copyOfRange(key, prefix.length, key.length)));
              }
              it.status();
            }
            return null;
          });
    }
    return entries;
  }
}
