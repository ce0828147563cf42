package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Capability;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.NonBlocking;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link Capability#NON_BLOCKING_READS}: inside {@link NonBlocking#attempt} a read gives the same
 * answer as outside or refuses, never a stale or wrong one, and every other call refuses before it
 * has any effect, except {@link dev.tabula.engine.EntityStore#applyAsync} on an engine with {@link
 * Capability#NON_BLOCKING_WRITES}, which queues the writes. A network thread relies on this: it
 * answers what it can and hands the rest, from the start, to a thread that may wait.
 */
public interface NonBlockingContract extends EngineContext {

  @Test
  default void reads_answerFromMemory_theSameAsBlockingReads() {
    assumeNonBlockingReads();
    TableInfo table = newTable();
    Entity stored = insert(table, "p", "r", props("v", 1));

    assertThat(read(table, "p", "r")).contains(stored); // a blocking read first: now in memory
    assertThat(NonBlocking.attempt(() -> read(table, "p", "r"))).contains(stored);
    assertThat(NonBlocking.attempt(() -> read(table, "p", "absent"))).isEmpty();
    assertThat(NonBlocking.attempt(() -> catalog().findTable(ACCOUNT, table.name())))
        .contains(table);
    assertThat(NonBlocking.attempt(() -> catalog().findTable(ACCOUNT, "nosuchtable"))).isEmpty();
  }

  @Test
  default void reads_afterReopen_answerRightlyOrRefuse() {
    assumeNonBlockingReads();
    assumeTrue(engine().capabilities().contains(Capability.PERSISTENT));
    TableInfo table = newTable();
    Entity stored = insert(table, "p", "r", props("v", 1));
    reopen();

    Optional<Optional<Entity>> first = answerOrRefusal(() -> read(table, "p", "r"));
    first.ifPresent(answer -> assertThat(answer).contains(stored));
    assertThat(read(table, "p", "r")).contains(stored);
    assertThat(NonBlocking.attempt(() -> read(table, "p", "r")))
        .as("once read, an entity is answered from memory")
        .contains(stored);
  }

  @Test
  default void writesScansAndCatalogChanges_refuse_withoutEffect() {
    assumeNonBlockingReads();
    TableInfo table = newTable();
    insert(table, "p", "r", props("v", 1));

    assertRefused(() -> store().scan(table.id(), request(KeyRange.ALL, 10)));
    assertRefused(() -> catalog().createTable(ACCOUNT, "refusedtable"));
    assertRefused(() -> catalog().deleteTable(ACCOUNT, table.name()));
    assertRefused(() -> catalog().setAccessPolicies(ACCOUNT, table.name(), List.of()));
    assertRefused(
        () -> {
          engine().accountSettings().write(ACCOUNT, "refused", new byte[] {1});
          return null;
        });

    assertThat(read(table, "p", "new")).isEmpty();
    assertThat(read(table, "p", "r")).isPresent();
    assertThat(catalog().findTable(ACCOUNT, "refusedtable")).isEmpty();
    assertThat(catalog().findTable(ACCOUNT, table.name())).contains(table);
    assertThat(engine().accountSettings().read(ACCOUNT, "refused")).isEmpty();
  }

  @Test
  default void afterARefusedAttempt_callsBlockAsUsual() {
    assumeNonBlockingReads();
    TableInfo table = newTable();
    assertRefused(() -> store().scan(table.id(), request(KeyRange.ALL, 10)));

    assertThat(NonBlocking.active()).isFalse();
    insert(table, "p", "r", props("v", 2));
    assertThat(store().read(table.id(), new EntityKey("p", "r"))).isPresent();
  }

  @Test
  default void applyAsync_insideAnAttempt_queuesWithoutWaiting_orRefusesWithoutEffect()
      throws Exception {
    TableInfo table = newTable();
    Supplier<CompletableFuture<ApplyResult>> start =
        () ->
            store()
                .applyAsync(
                    table.id(),
                    "p",
                    List.of(Write.put("r", props("v", 1), Precondition.MUST_NOT_EXIST)));

    if (engine().capabilities().contains(Capability.NON_BLOCKING_WRITES)) {
      ApplyResult result = NonBlocking.attempt(start).get(10, TimeUnit.SECONDS);
      assertThat(result).isInstanceOf(ApplyResult.Committed.class);
      assertThat(read(table, "p", "r"))
          .contains(((ApplyResult.Committed) result).entities().get(0));
    } else {
      assertRefused(start);
      assertThat(read(table, "p", "r")).isEmpty();
    }
  }

  private void assumeNonBlockingReads() {
    assumeTrue(engine().capabilities().contains(Capability.NON_BLOCKING_READS));
  }

  private static void assertRefused(Supplier<?> call) {
    assertThatThrownBy(() -> NonBlocking.attempt(call)).isInstanceOf(NonBlocking.WouldBlock.class);
  }

  /** The call's answer inside an attempt, or empty when it refused. */
  private static <T> Optional<T> answerOrRefusal(Supplier<T> call) {
    try {
      return Optional.of(NonBlocking.attempt(call));
    } catch (NonBlocking.WouldBlock refused) {
      return Optional.empty();
    }
  }
}
