package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.Capability;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.Readiness;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Closing, and what {@link Capability#PERSISTENT} engines keep across close and reopen. {@link
 * Capability#DURABLE_ON_ACK} (surviving a crash) cannot be observed from inside one process and is
 * not tested here.
 */
public interface LifecycleContract extends EngineContext {

  @Test
  default void close_isIdempotent_andLaterCallsFail() {
    TableInfo table = newTable();
    EntityStore store = store();
    engine().close();
    engine().close();

    assertThatThrownBy(() -> engine().catalog().findTable(ACCOUNT, table.name()))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> store.read(table.id(), new EntityKey("p", "r")))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> store.scan(table.id(), request(KeyRange.ALL, 1)))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(
            () ->
                Stages.join(
                    store.applyAsync(
                        table.id(), "p", List.of(Write.delete("r", Precondition.NONE)))))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  default void readiness_isReadyWhileOpen_andClosedAfterClose() {
    assertThat(engine().readiness()).isEqualTo(Readiness.READY);
    newTable();
    assertThat(engine().readiness().ready()).isTrue();
    engine().close();

    assertThat(engine().readiness()).isEqualTo(Readiness.CLOSED);
  }

  @Test
  default void entities_surviveReopen() {
    assumePersistent();
    TableInfo table = newTable();
    Entity first = insert(table, "p", "r1", props("text", "h\u00e9llo \uD83D\uDE00", "n", 1L));
    Entity second = insert(table, "q", "r2", props("bytes", new byte[] {1, 2}, "x", 2.5));
    insert(table, "q", "r3", props());
    commit(table, "q", Write.delete("r3", Precondition.MUST_EXIST));

    reopen();

    assertThat(scanAll(table.id(), KeyRange.ALL, 10)).containsExactly(first, second);
    assertThat(read(table, "p", "r1")).contains(first);
  }

  @Test
  default void catalog_survivesReopen() {
    assumePersistent();
    TableInfo upper = catalog().createTable(ACCOUNT, "UpperCase").orElseThrow();
    TableInfo lower = catalog().createTable(ACCOUNT, "lower").orElseThrow();
    TableInfo elsewhere = catalog().createTable("other", "elsewhere").orElseThrow();

    reopen();

    assertThat(catalog().listTables(ACCOUNT, null, 10)).containsExactly(lower, upper);
    assertThat(catalog().findTable(ACCOUNT, "uppercase")).contains(upper);
    assertThat(catalog().findTable("other", "ELSEWHERE")).contains(elsewhere);
    assertThat(catalog().createTable(ACCOUNT, "UPPERCASE")).isEmpty();
  }

  @Test
  default void deletedTable_staysDeletedAfterReopen() {
    assumePersistent();
    TableInfo doomed = catalog().createTable(ACCOUNT, "doomed").orElseThrow();
    insert(doomed, "p", "r", props("v", 1));
    catalog().deleteTable(ACCOUNT, "doomed");

    reopen();

    assertThat(catalog().findTable(ACCOUNT, "doomed")).isEmpty();
    assertThat(read(doomed, "p", "r")).isEmpty();
    TableInfo again = catalog().createTable(ACCOUNT, "doomed").orElseThrow();
    assertThat(scanAll(again.id(), KeyRange.ALL, 10)).isEmpty();
  }

  @Test
  default void tableIds_areNeverReusedAfterReopen() {
    assumePersistent();
    Set<Long> ids = new HashSet<>();
    ids.add(catalog().createTable(ACCOUNT, "kept").orElseThrow().id());
    ids.add(catalog().createTable(ACCOUNT, "newest").orElseThrow().id());
    catalog().deleteTable(ACCOUNT, "newest"); // the highest id is now unused

    reopen();

    ids.add(catalog().createTable(ACCOUNT, "newest").orElseThrow().id());
    ids.add(catalog().createTable(ACCOUNT, "another").orElseThrow().id());
    assertThat(ids).hasSize(4);
  }

  @Test
  default void commitTimes_keepIncreasingAfterReopen_whenTheWallClockStepsBack() {
    assumePersistent();
    Instant late = Instant.parse("2100-06-01T00:00:00Z");
    wallClock().set(late);
    TableInfo table = newTable();
    Instant before = commit(table, "p", Write.put("r", props(), Precondition.NONE)).commitTime();
    commit(newTable(), "p", Write.put("r", props(), Precondition.NONE));
    Instant last = commit(newTable(), "q", Write.put("r", props(), Precondition.NONE)).commitTime();

    wallClock().set(late.minus(Duration.ofHours(1)));
    reopen();
    Instant after =
        commit(table, "p", Write.merge("r", Map.of(), Precondition.MUST_EXIST)).commitTime();

    assertThat(after).isAfter(last).isAfter(before);
  }

  private void assumePersistent() {
    assumeTrue(
        engine().capabilities().contains(Capability.PERSISTENT), "the engine is not persistent");
  }
}
