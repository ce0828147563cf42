package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Attempt;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The calls for a thread that must never wait ({@link dev.tabula.engine.EntityStore#tryRead},
 * {@link dev.tabula.engine.Catalog#tryFindTable}, {@link
 * dev.tabula.engine.EntityStore#tryApplyAsync}): an answer is the one the waiting call gives, never
 * a stale or wrong one, and a call that says it would wait has had no effect. With {@link
 * Capability#NON_BLOCKING_READS} reads of what is in memory answer; with {@link
 * Capability#NON_BLOCKING_WRITES} writes are queued; without them the calls always say they would
 * wait. A network thread relies on this: it answers what it can and hands the rest, from the start,
 * to a thread that may wait.
 */
public interface NonBlockingContract extends EngineContext {

  @Test
  default void tryReads_answerFromMemory_theSameAsWaitingReads() {
    assumeCapability(Capability.NON_BLOCKING_READS);
    TableInfo table = newTable();
    Entity stored = insert(table, "p", "r", props("v", 1));

    assertThat(read(table, "p", "r")).contains(stored); // a waiting read first: now in memory
    assertThat(tryRead(table, "r")).isEqualTo(Attempt.answered(Optional.of(stored)));
    assertThat(tryRead(table, "absent")).isEqualTo(Attempt.answered(Optional.empty()));
    assertThat(catalog().tryFindTable(ACCOUNT, table.name()))
        .isEqualTo(Attempt.answered(Optional.of(table)));
    assertThat(catalog().tryFindTable(ACCOUNT, "nosuchtable"))
        .isEqualTo(Attempt.answered(Optional.empty()));
  }

  @Test
  default void tryReads_afterReopen_answerRightlyOrSayTheyWouldWait() {
    assumeCapability(Capability.NON_BLOCKING_READS);
    assumeCapability(Capability.PERSISTENT);
    TableInfo table = newTable();
    Entity stored = insert(table, "p", "r", props("v", 1));
    reopen();

    Attempt<Optional<Entity>> cold = tryRead(table, "r");
    if (cold instanceof Attempt.Answered<Optional<Entity>> answered) {
      assertThat(answered.value()).contains(stored);
    }
    assertThat(read(table, "p", "r")).contains(stored);
    assertThat(tryRead(table, "r"))
        .as("once read, an entity is answered from memory")
        .isEqualTo(Attempt.answered(Optional.of(stored)));
  }

  @Test
  default void withoutNonBlockingReads_tryReadsSayTheyWouldWait() {
    assumeFalse(engine().capabilities().contains(Capability.NON_BLOCKING_READS));
    TableInfo table = newTable();
    insert(table, "p", "r", props("v", 1));
    read(table, "p", "r");

    assertThat(tryRead(table, "r")).isInstanceOf(Attempt.WouldWait.class);
    assertThat(catalog().tryFindTable(ACCOUNT, table.name())).isInstanceOf(Attempt.WouldWait.class);
  }

  @Test
  default void tryApplyAsync_queuesWithoutWaiting_orSaysItWouldWait_withoutEffect()
      throws Exception {
    TableInfo table = newTable();
    Attempt<CompletableFuture<ApplyResult>> started =
        store()
            .tryApplyAsync(
                table.id(),
                "p",
                List.of(Write.put("r", props("v", 1), Precondition.MUST_NOT_EXIST)));

    if (engine().capabilities().contains(Capability.NON_BLOCKING_WRITES)) {
      ApplyResult result = started.answer().get(10, TimeUnit.SECONDS);
      assertThat(result).isInstanceOf(ApplyResult.Committed.class);
      assertThat(read(table, "p", "r"))
          .contains(((ApplyResult.Committed) result).entities().get(0));
    } else {
      assertThat(started).isInstanceOf(Attempt.WouldWait.class);
      assertThat(read(table, "p", "r")).as("nothing was queued").isEmpty();
      insert(table, "p", "r", props("v", 2)); // and the waiting call still works as usual
      assertThat(read(table, "p", "r")).isPresent();
    }
  }

  private Attempt<Optional<Entity>> tryRead(TableInfo table, String rowKey) {
    return store().tryRead(table.id(), new EntityKey("p", rowKey));
  }

  private void assumeCapability(Capability capability) {
    assumeTrue(engine().capabilities().contains(capability));
  }
}
