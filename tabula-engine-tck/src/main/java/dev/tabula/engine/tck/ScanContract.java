package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.intOf;
import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.KeyBound;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ordered scans: code-point key order across partitions, range bounds, resumption, filters and
 * deadlines.
 */
public interface ScanContract extends EngineContext {

  /**
   * Partition keys chosen to break wrong orders: prefixes of each other, a space (below letters),
   * upper case, non-ASCII, and supplementary characters, which sort after U+FFFD by code point but
   * before it in Java's UTF-16 order.
   */
  List<String> PARTITIONS =
      List.of(
          "",
          "A",
          "Z",
          "a",
          "a b",
          "aa",
          "ab",
          "b",
          "~",
          "\u00e9",
          "\u65e5\u672c",
          "\uE000",
          "\uFFFD",
          "\uD83D\uDE00",
          "\uD83D\uDE00\uD83D\uDE00");

  /** Row keys with the same traps. */
  List<String> ROWS = List.of("", "1", "10", "2", "a", "\uFFFDz", "\uD83D\uDE00x");

  @Test
  default void scan_returnsEveryKeyInCodePointOrderAcrossPartitions() {
    TableInfo table = newTable();
    List<Entity> stored = fillWithTrickyKeys(table);

    assertThat(scanAll(table.id(), KeyRange.ALL, 1000)).containsExactlyElementsOf(stored);
  }

  @Test
  default void scan_ofPartition_returnsOnlyThatPartition() {
    TableInfo table = newTable();
    List<Entity> stored = fillWithTrickyKeys(table);

    for (String partition : List.of("a", "", "\uFFFD", "\uD83D\uDE00")) {
      assertThat(scanAll(table.id(), KeyRange.partition(partition), 1000))
          .containsExactlyElementsOf(select(stored, e -> e.partitionKey().equals(partition)));
    }
  }

  @Test
  default void scan_fromAfterPartition_skipsExactlyThatPartition() {
    TableInfo table = newTable();
    List<Entity> stored = fillWithTrickyKeys(table);
    KeyRange range = new KeyRange(KeyBound.endOf("a"), null);

    assertThat(scanAll(table.id(), range, 1000))
        .containsExactlyElementsOf(
            select(stored, e -> EntityKey.KEY_ORDER.compare(e.partitionKey(), "a") > 0));
  }

  @Test
  default void scan_toAfterPartition_includesThatPartitionAndNoLaterOne() {
    TableInfo table = newTable();
    List<Entity> stored = fillWithTrickyKeys(table);
    KeyRange range = new KeyRange(KeyBound.startOf("a"), KeyBound.endOf("aa"));

    assertThat(keys(scanAll(table.id(), range, 1000)))
        .containsExactlyElementsOf(keys(select(stored, range)))
        .extracting(EntityKey::partitionKey)
        .containsOnly("a", "a b", "aa");
  }

  @Test
  default void scan_betweenKeys_includesLowerKeyAndExcludesUpperKey() {
    TableInfo table = newTable();
    List<Entity> stored = fillWithTrickyKeys(table);
    EntityKey lower = new EntityKey("a", "10");
    EntityKey upper = new EntityKey("ab", "2");
    KeyRange range = new KeyRange(KeyBound.at(lower), KeyBound.at(upper));

    List<EntityKey> scanned = keys(scanAll(table.id(), range, 1000));

    assertThat(scanned).containsExactlyElementsOf(keys(select(stored, range)));
    assertThat(scanned).startsWith(lower).doesNotContain(upper);
  }

  @Test
  default void scan_ofEmptyRange_returnsEmptyExhaustedPage() {
    TableInfo table = newTable();
    fillWithTrickyKeys(table);
    KeyRange backwards = new KeyRange(KeyBound.startOf("b"), KeyBound.startOf("a"));

    Page page = store().scan(table.id(), request(backwards, 10));

    assertThat(page.entities()).isEmpty();
    assertThat(page.stopReason()).isEqualTo(StopReason.SOURCE_EXHAUSTED);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 1000})
  default void scan_resumedFromResumeKeys_visitsEveryEntityOnce(int limit) {
    TableInfo table = newTable();
    List<Entity> stored = fillWithTrickyKeys(table);
    KeyRange middle = new KeyRange(KeyBound.endOf("A"), KeyBound.startOf("\uE000"));

    assertThat(scanAll(table.id(), KeyRange.ALL, limit)).containsExactlyElementsOf(stored);
    assertThat(scanAll(table.id(), middle, limit))
        .containsExactlyElementsOf(select(stored, middle));
  }

  @Test
  default void scan_toEndOfRange_isExhaustedWithoutResumeKey() {
    TableInfo table = newTable();
    for (String row : List.of("a", "b", "c")) {
      insert(table, "p", row, props());
    }
    insert(table, "q", "a", props());

    Page page = store().scan(table.id(), request(KeyRange.partition("p"), 1000));

    assertThat(page.entities()).hasSize(3);
    assertThat(page.stopReason()).isEqualTo(StopReason.SOURCE_EXHAUSTED);
    assertThat(page.resumeKey()).isNull();
    assertThat(page.scanned()).isEqualTo(3);
  }

  @Test
  default void scan_ofEmptyTable_returnsEmptyExhaustedPage() {
    TableInfo table = newTable();
    insert(newTable(), "p", "r", props());

    Page page = store().scan(table.id(), request(KeyRange.ALL, 1000));

    assertThat(page.entities()).isEmpty();
    assertThat(page.stopReason()).isEqualTo(StopReason.SOURCE_EXHAUSTED);
  }

  @Test
  default void scan_countsRejectedEntitiesInScannedButNotInLimit() {
    TableInfo table = newTable();
    fillNumbered(table, 20);
    Predicate<Entity> odd = e -> intOf(e.properties(), "n") % 2 == 1;
    KeyRange range = KeyRange.ALL;

    Page first = store().scan(table.id(), new ScanRequest(range, 3, deadline(), odd));
    Page rest =
        store()
            .scan(
                table.id(),
                new ScanRequest(range.resumeAt(first.resumeKey()), 100, deadline(), odd));

    assertThat(numbers(first.entities())).containsExactly(1, 3, 5);
    assertThat(first.stopReason()).isEqualTo(StopReason.RETURN_LIMIT_REACHED);
    assertThat(first.scanned()).isEqualTo(6);
    assertThat(numbers(rest.entities())).containsExactly(7, 9, 11, 13, 15, 17, 19);
    assertThat(rest.scanned()).isEqualTo(14);
  }

  @Test
  default void scan_withByteBound_endsOnceTheKeptEntitiesReachItAndResumesAfterThem() {
    TableInfo table = newTable();
    for (int i = 0; i < 4; i++) {
      insert(table, "p", "r" + i, props("pad", "x".repeat(1000), "n", i));
    }
    // However an engine measures an entity, one reaches a bound of one byte (checked before the
    // next is read), and four stay under a bound of a mebibyte.
    Page first =
        store().scan(table.id(), new ScanRequest(KeyRange.ALL, 1000, deadline(), RowFilter.ALL, 1));
    Page second =
        store()
            .scan(
                table.id(),
                new ScanRequest(
                    KeyRange.ALL.resumeAt(first.resumeKey()), 1000, deadline(), RowFilter.ALL, 1));
    Page rest =
        store()
            .scan(
                table.id(),
                new ScanRequest(
                    KeyRange.ALL.resumeAt(second.resumeKey()),
                    1000,
                    deadline(),
                    RowFilter.ALL,
                    1 << 20));

    assertThat(numbers(first.entities())).containsExactly(0);
    assertThat(first.stopReason()).isEqualTo(StopReason.RETURN_LIMIT_REACHED);
    assertThat(first.resumeKey()).isEqualTo(new EntityKey("p", "r1"));
    assertThat(first.keptBytes()).isGreaterThanOrEqualTo(1000);
    assertThat(numbers(second.entities())).containsExactly(1);
    assertThat(numbers(rest.entities())).containsExactly(2, 3);
    assertThat(rest.stopReason()).isEqualTo(StopReason.SOURCE_EXHAUSTED);
  }

  @Test
  default void scan_withFilterRejectingEverything_returnsEmptyExhaustedPage() {
    TableInfo table = newTable();
    fillNumbered(table, 20);

    Page page = store().scan(table.id(), new ScanRequest(KeyRange.ALL, 5, deadline(), e -> false));

    assertThat(page.entities()).isEmpty();
    assertThat(page.stopReason()).isEqualTo(StopReason.SOURCE_EXHAUSTED);
    assertThat(page.scanned()).isEqualTo(20);
  }

  @Test
  default void scan_withRowFilter_decidesOnTheDeclaredPropertyAndReturnsWholeEntities() {
    TableInfo table = newTable();
    List<Entity> stored = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      stored.add(
          insert(
              table,
              "p" + i / 5,
              String.format("r%03d", i),
              props("tag", "t" + i % 3, "n", i, "pad", "x".repeat(i))));
    }
    List<Entity> seen = new ArrayList<>();
    RowFilter everyThirdOfPartitionP1OrP2 =
        new RowFilter() {
          @Override
          public Set<String> properties() {
            return Set.of("n");
          }

          @Override
          public boolean test(Row row) {
            // Records what the row showed, to compare with the stored entity below.
            Entity shown =
                new Entity(
                    row.partitionKey(),
                    row.rowKey(),
                    row.timestamp(),
                    Map.of("n", row.property("n")));
            seen.add(shown);
            return row.property("missing") == null
                && !row.partitionKey().equals("p0")
                && intOf(shown.properties(), "n") % 3 == 0;
          }
        };

    Page page =
        store()
            .scan(
                table.id(),
                new ScanRequest(KeyRange.ALL, 100, deadline(), everyThirdOfPartitionP1OrP2));

    assertThat(page.entities())
        .containsExactlyElementsOf(
            select(
                stored,
                e -> !e.partitionKey().equals("p0") && intOf(e.properties(), "n") % 3 == 0));
    assertThat(page.scanned()).isEqualTo(12);
    assertThat(seen)
        .containsExactlyElementsOf(
            stored.stream()
                .map(
                    e ->
                        new Entity(
                            e.partitionKey(),
                            e.rowKey(),
                            e.timestamp(),
                            Map.of("n", e.properties().get("n"))))
                .toList());
  }

  @Test
  default void scan_withRowFilter_mayReadUndeclaredPropertiesAndTheWholeEntity() {
    TableInfo table = newTable();
    List<Entity> stored = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      stored.add(insert(table, "p", String.format("r%03d", i), props("tag", "t" + i % 2, "n", i)));
    }
    RowFilter undeclared =
        new RowFilter() {
          @Override
          public Set<String> properties() {
            return Set.of("n");
          }

          @Override
          public boolean test(Row row) {
            return row.property("tag").equals(TestEntities.value("t1"))
                && row.entity().properties().get("n").equals(row.property("n"));
          }
        };

    Page page =
        store().scan(table.id(), new ScanRequest(KeyRange.ALL, 100, deadline(), undeclared));

    assertThat(page.entities())
        .containsExactlyElementsOf(select(stored, e -> intOf(e.properties(), "n") % 2 == 1));
  }

  @Test
  default void scan_pastDeadline_stopsWithTimeLimitAndAResumeKey() {
    TableInfo table = newTable();
    List<Entity> stored = fillNumbered(table, 20);
    long past = System.nanoTime() - TimeUnit.SECONDS.toNanos(1);

    Page page = store().scan(table.id(), new ScanRequest(KeyRange.ALL, 1000, past, e -> true));

    assertThat(page.stopReason()).isEqualTo(StopReason.TIME_LIMIT_REACHED);
    assertThat(page.resumeKey()).isNotNull();
    List<Entity> all = new ArrayList<>(page.entities());
    all.addAll(scanAll(table.id(), KeyRange.ALL.resumeAt(page.resumeKey()), 1000));
    assertThat(all).containsExactlyElementsOf(stored);
  }

  @Test
  default void scan_returnsEntitiesAsStored() {
    TableInfo table = newTable();
    List<Entity> stored = fillNumbered(table, 5);

    List<Entity> scanned = scanAll(table.id(), KeyRange.ALL, 2);

    assertThat(scanned).containsExactlyElementsOf(stored);
    for (Entity entity : scanned) {
      assertThat(read(table, entity.partitionKey(), entity.rowKey())).contains(entity);
    }
  }

  /**
   * Stores every combination of {@link #PARTITIONS} and {@link #ROWS}, one apply per partition in
   * shuffled order, and returns the stored entities in key order.
   */
  default List<Entity> fillWithTrickyKeys(TableInfo table) {
    Random random = new Random(42);
    List<String> partitions = new ArrayList<>(PARTITIONS);
    Collections.shuffle(partitions, random);
    List<Entity> stored = new ArrayList<>();
    for (String partition : partitions) {
      List<String> rows = new ArrayList<>(ROWS);
      Collections.shuffle(rows, random);
      Write[] writes =
          rows.stream()
              .map(row -> Write.put(row, props("pk", partition, "rk", row), Precondition.NONE))
              .toArray(Write[]::new);
      stored.addAll(commit(table, partition, writes).entities());
    }
    stored.sort(Comparator.comparing(Entity::key));
    return stored;
  }

  /** Stores {@code count} entities over a few partitions with an Int32 {@code n}; returns them. */
  default List<Entity> fillNumbered(TableInfo table, int count) {
    List<Entity> stored = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      stored.add(insert(table, "p" + i / 8, String.format("r%03d", i), props("n", i)));
    }
    return stored;
  }

  private static long deadline() {
    return System.nanoTime() + NO_DEADLINE_NANOS;
  }

  private static List<Integer> numbers(List<Entity> entities) {
    return entities.stream().map(e -> intOf(e.properties(), "n")).toList();
  }

  private static List<Entity> select(List<Entity> entities, Predicate<Entity> predicate) {
    return entities.stream().filter(predicate).toList();
  }

  private static List<Entity> select(List<Entity> entities, KeyRange range) {
    return select(entities, e -> range.contains(e.key()));
  }
}
