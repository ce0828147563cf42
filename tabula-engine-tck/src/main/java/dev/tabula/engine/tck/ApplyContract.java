package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.props;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.ApplyResult.Committed;
import dev.tabula.engine.ApplyResult.Rejected;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** What each kind of write does, what reads return, and commit times. */
public interface ApplyContract extends EngineContext {

  @Test
  default void put_thenRead_returnsEntityWithCommitTime() {
    TableInfo table = newTable();

    Committed committed =
        commit(table, "p", Write.put("r", props("a", "x", "b", 2), Precondition.NONE));

    Entity expected = new Entity("p", "r", committed.commitTime(), props("a", "x", "b", 2));
    assertThat(committed.entities()).containsExactly(expected);
    assertThat(read(table, "p", "r")).contains(expected);
  }

  @Test
  default void put_replacesWholeEntity() {
    TableInfo table = newTable();
    insert(table, "p", "r", props("old", 1, "kept", 1));

    commit(table, "p", Write.put("r", props("kept", 2, "new", 3), Precondition.NONE));

    assertThat(read(table, "p", "r").orElseThrow().properties())
        .isEqualTo(props("kept", 2, "new", 3));
  }

  @Test
  default void merge_keepsPropertiesNotInRequest() {
    TableInfo table = newTable();
    insert(table, "p", "r", props("keep", "k", "change", 1));

    Committed committed =
        commit(table, "p", Write.merge("r", props("change", 2, "add", true), Precondition.NONE));

    Map<String, EdmValue> merged = props("keep", "k", "change", 2, "add", true);
    assertThat(read(table, "p", "r").orElseThrow().properties()).isEqualTo(merged);
    assertThat(committed.entities().get(0).properties()).isEqualTo(merged);
  }

  @Test
  default void merge_overwritesValueOfAnotherType() {
    TableInfo table = newTable();
    insert(table, "p", "r", props("v", "text"));

    commit(table, "p", Write.merge("r", props("v", 5L), Precondition.MUST_EXIST));

    assertThat(read(table, "p", "r").orElseThrow().properties()).isEqualTo(props("v", 5L));
  }

  @Test
  default void merge_ontoMissingEntity_storesGivenProperties() {
    TableInfo table = newTable();

    commit(table, "p", Write.merge("r", props("a", 1), Precondition.NONE));

    assertThat(read(table, "p", "r").orElseThrow().properties()).isEqualTo(props("a", 1));
  }

  @Test
  default void delete_removesEntity() {
    TableInfo table = newTable();
    insert(table, "p", "r", props("a", 1));
    insert(table, "p", "other", props("a", 1));

    Committed committed = commit(table, "p", Write.delete("r", Precondition.MUST_EXIST));

    assertThat(committed.entities()).containsExactly((Entity) null);
    assertThat(read(table, "p", "r")).isEmpty();
    assertThat(read(table, "p", "other")).isPresent();
  }

  @Test
  default void committed_listsStoredEntitiesInWriteOrder() {
    TableInfo table = newTable();
    insert(table, "p", "m", props("x", 1));
    insert(table, "p", "d", props("x", 1));

    Committed committed =
        commit(
            table,
            "p",
            Write.put("n", props("y", 2), Precondition.MUST_NOT_EXIST),
            Write.merge("m", props("y", 2), Precondition.MUST_EXIST),
            Write.delete("d", Precondition.MUST_EXIST));

    Instant t = committed.commitTime();
    assertThat(committed.entities())
        .containsExactly(
            new Entity("p", "n", t, props("y", 2)),
            new Entity("p", "m", t, props("x", 1, "y", 2)),
            null);
  }

  @Test
  default void read_missingEntity_returnsEmpty() {
    TableInfo table = newTable();
    insert(table, "p", "r", props());

    assertThat(read(table, "p", "r2")).isEmpty();
    assertThat(read(table, "p2", "r")).isEmpty();
    assertThat(read(table, "p", "r")).isPresent();
  }

  @Test
  default void entityWithoutProperties_isStored() {
    TableInfo table = newTable();

    Entity stored = insert(table, "", "", props());

    assertThat(read(table, "", "")).contains(stored);
  }

  @Test
  default void tables_keepTheirEntitiesApart() {
    TableInfo one = newTable();
    TableInfo two = newTable();

    insert(one, "p", "r", props("in", "one"));
    insert(two, "p", "r", props("in", "two"));
    commit(one, "p", Write.delete("r", Precondition.MUST_EXIST));

    assertThat(read(one, "p", "r")).isEmpty();
    assertThat(read(two, "p", "r").orElseThrow().properties()).isEqualTo(props("in", "two"));
  }

  @Test
  default void everyEdmValue_isStoredExactly() {
    TableInfo table = newTable();
    Map<String, EdmValue> values =
        props(
            "text",
            "h\u00e9llo \uD83D\uDE00 \uFFFD",
            "empty",
            "",
            "bytes",
            new byte[] {0, -1, 127, -128},
            "yes",
            true,
            "no",
            false,
            "first",
            EdmDateTimes.MIN,
            "last",
            EdmDateTimes.MAX,
            "nan",
            Double.NaN,
            "negZero",
            -0.0,
            "inf",
            Double.NEGATIVE_INFINITY,
            "guid",
            UUID.fromString("c9da6455-213d-42c9-9a79-3e9149a57833"),
            "int",
            Integer.MIN_VALUE,
            "long",
            Long.MAX_VALUE);

    insert(table, "p", "r", values);

    assertThat(read(table, "p", "r").orElseThrow().properties()).isEqualTo(values);
  }

  @Test
  default void apply_stampsEveryWriteWithOneCommitTime() {
    TableInfo table = newTable();

    Committed committed =
        commit(
            table,
            "p",
            Write.put("a", props(), Precondition.NONE),
            Write.put("b", props(), Precondition.NONE),
            Write.merge("c", props(), Precondition.NONE));

    for (String rowKey : List.of("a", "b", "c")) {
      assertThat(read(table, "p", rowKey).orElseThrow().timestamp())
          .isEqualTo(committed.commitTime());
    }
  }

  @Test
  default void commitTime_comesFromTheWallClock() {
    Instant future = Instant.parse("2101-02-03T04:05:06.7654321Z");
    wallClock().set(future);

    Committed committed = commit(newTable(), "p", Write.put("r", props(), Precondition.NONE));

    assertThat(committed.commitTime()).isEqualTo(future);
  }

  @Test
  default void commitTimes_increaseStrictly_evenWhenTheWallClockStandsStill() {
    wallClock().set(Instant.parse("2100-01-01T00:00:00Z"));
    TableInfo table = newTable();
    TableInfo other = newTable();
    List<Instant> times = new ArrayList<>();

    for (int i = 0; i < 30; i++) {
      TableInfo target = i % 3 == 0 ? other : table;
      times.add(
          commit(target, "p" + (i % 2), Write.put("r", props(), Precondition.NONE)).commitTime());
    }

    for (int i = 1; i < times.size(); i++) {
      assertThat(times.get(i)).isAfter(times.get(i - 1));
    }
  }

  @Test
  default void apply_onDeletedTable_throwsNoSuchTable() {
    TableInfo table = newTable();
    catalog().deleteTable(ACCOUNT, table.name());
    Write write = Write.put("r", props(), Precondition.NONE);

    assertThatThrownBy(() -> apply(table, "p", write))
        .isInstanceOfSatisfying(
            StorageException.class,
            e -> assertThat(e.kind()).isEqualTo(StorageException.Kind.NO_SUCH_TABLE));
    TableInfo recreated = catalog().createTable(ACCOUNT, table.name()).orElseThrow();
    assertThat(read(recreated, "p", "r")).isEmpty();
  }

  @Test
  default void applyAsync_completesWithTheResult_orExceptionallyWithTheFailure() throws Exception {
    TableInfo table = newTable();

    ApplyResult first =
        store()
            .applyAsync(
                table.id(),
                "p",
                List.of(Write.put("r", props("a", 1), Precondition.MUST_NOT_EXIST)))
            .get(10, SECONDS);
    assertThat(first).isInstanceOf(Committed.class);
    assertThat(read(table, "p", "r")).contains(((Committed) first).entities().get(0));

    ApplyResult second =
        store()
            .applyAsync(
                table.id(),
                "p",
                List.of(Write.put("r", props("a", 2), Precondition.MUST_NOT_EXIST)))
            .get(10, SECONDS);
    assertThat(second).isEqualTo(new Rejected(0, Rejected.Reason.ENTITY_EXISTS));

    catalog().deleteTable(ACCOUNT, table.name());
    CompletableFuture<ApplyResult> gone =
        store().applyAsync(table.id(), "p", List.of(Write.put("r", props(), Precondition.NONE)));
    assertThatThrownBy(() -> gone.get(10, SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            StorageException.class,
            e -> assertThat(e.kind()).isEqualTo(StorageException.Kind.NO_SUCH_TABLE));
  }
}
