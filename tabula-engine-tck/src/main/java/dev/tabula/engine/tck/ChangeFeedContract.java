package dev.tabula.engine.tck;

import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Capability;
import dev.tabula.engine.ChangeFeed;
import dev.tabula.engine.ChangeGroup;
import dev.tabula.engine.FeedPage;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.RowChange;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.TableSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link ChangeFeed}'s promises, for engines with {@link Capability#CHANGE_FEED}: one group per
 * committed apply of a table with a feed, written atomically with it, read in order and exactly
 * once by a reader that resumes where its last page ended, within the retention. The concurrent
 * exactly-once test is in {@link ChangeFeedOrderContract}.
 */
public interface ChangeFeedContract extends EngineContext {
  Duration HOUR = Duration.ofHours(1);

  /** A new table whose settings ask for a change feed kept for {@code retention}. */
  default TableInfo feedTable(Duration retention) {
    TableInfo table = newTable();
    TableSettings settings = TableSettings.NONE.withChangeFeedRetention(retention);
    assertThat(catalog().setTableSettings(ACCOUNT, table.name(), settings)).isTrue();
    return catalog().findTable(ACCOUNT, table.name()).orElseThrow();
  }

  default ChangeFeed feed() {
    return engine().changeFeed();
  }

  /** Applies through the looked-up table, as core does, and waits for the result. */
  default ApplyResult applyTo(TableInfo table, String partitionKey, Write... writes) {
    return Stages.join(store().applyAsync(table, partitionKey, List.of(writes)));
  }

  /** Every group after {@code after}, in pages of {@code limit}. */
  default List<ChangeGroup> readAll(TableInfo table, long after, int limit) {
    List<ChangeGroup> all = new ArrayList<>();
    long position = after;
    for (int pages = 0; pages < 100_000; pages++) {
      FeedPage page = feed().read(table, position, limit, Long.MAX_VALUE);
      assertThat(page.expired()).isFalse();
      assertThat(page.groups()).hasSizeLessThanOrEqualTo(limit);
      if (page.groups().isEmpty()) {
        assertThat(page.next()).isEqualTo(position);
        return all;
      }
      all.addAll(page.groups());
      position = page.next();
    }
    throw new AssertionError("the feed never ended");
  }

  @Test
  default void feed_recordsEachKind_withTheNewState() {
    assumeFeed();
    TableInfo table = feedTable(HOUR);
    Instant inserted =
        committedAt(
            applyTo(table, "p", Write.put("r", props("a", 1), Precondition.MUST_NOT_EXIST)));
    Instant replaced =
        committedAt(applyTo(table, "p", Write.put("r", props("b", 2), Precondition.NONE)));
    Instant merged =
        committedAt(applyTo(table, "p", Write.merge("r", props("c", 3), Precondition.NONE)));
    Instant deleted = committedAt(applyTo(table, "p", Write.delete("r", Precondition.NONE)));
    Instant mergedOntoNothing =
        committedAt(applyTo(table, "p", Write.merge("r", props("d", 4), Precondition.NONE)));

    List<ChangeGroup> groups = readAll(table, ChangeFeed.OLDEST, 100);

    assertThat(groups)
        .extracting(ChangeGroup::time)
        .containsExactly(inserted, replaced, merged, deleted, mergedOntoNothing);
    assertThat(groups).allSatisfy(g -> assertThat(g.partitionKey()).isEqualTo("p"));
    assertThat(groups)
        .extracting(g -> g.rows().get(0).kind())
        .containsExactly(
            RowChange.Kind.INSERT,
            RowChange.Kind.REPLACE,
            RowChange.Kind.MERGE,
            RowChange.Kind.DELETE,
            RowChange.Kind.INSERT);
    assertThat(groups.get(1).rows().get(0).entity())
        .isEqualTo(new Entity("p", "r", replaced, props("b", 2)));
    assertThat(groups.get(2).rows().get(0).entity())
        .isEqualTo(new Entity("p", "r", merged, props("b", 2, "c", 3)));
    assertThat(groups.get(3).rows().get(0).entity()).isNull();
    assertThat(groups).extracting(ChangeGroup::position).isSorted().doesNotHaveDuplicates();
  }

  @Test
  default void batch_isOneGroup_withItsRowsInOrder() {
    assumeFeed();
    TableInfo table = feedTable(HOUR);
    applyTo(table, "p", Write.put("b", props("v", 0), Precondition.MUST_NOT_EXIST));
    ApplyResult.Committed batch =
        (ApplyResult.Committed)
            applyTo(
                table,
                "p",
                Write.put("a", props("v", 1), Precondition.MUST_NOT_EXIST),
                Write.delete("b", Precondition.NONE),
                Write.merge("c", props("v", 3), Precondition.NONE));

    List<ChangeGroup> groups = readAll(table, ChangeFeed.OLDEST, 100);

    assertThat(groups).hasSize(2);
    ChangeGroup group = groups.get(1);
    assertThat(group.time()).isEqualTo(batch.commitTime());
    assertThat(group.rows())
        .containsExactly(
            new RowChange(
                "a",
                RowChange.Kind.INSERT,
                new Entity("p", "a", batch.commitTime(), props("v", 1))),
            new RowChange("b", RowChange.Kind.DELETE, null),
            new RowChange(
                "c",
                RowChange.Kind.INSERT,
                new Entity("p", "c", batch.commitTime(), props("v", 3))));
  }

  @Test
  default void rejectedApply_andTableWithoutFeed_recordNothing() {
    assumeFeed();
    TableInfo table = feedTable(HOUR);
    applyTo(table, "p", Write.put("r", props("v", 1), Precondition.MUST_NOT_EXIST));
    ApplyResult rejected =
        applyTo(
            table,
            "p",
            Write.put("s", props("v", 1), Precondition.MUST_NOT_EXIST),
            Write.put("r", props("v", 2), Precondition.MUST_NOT_EXIST));
    TableInfo plain = newTable();
    applyTo(plain, "p", Write.put("r", props("v", 1), Precondition.MUST_NOT_EXIST));

    assertThat(rejected).isInstanceOf(ApplyResult.Rejected.class);
    assertThat(readAll(table, ChangeFeed.OLDEST, 100)).hasSize(1);
    assertThat(readAll(plain, ChangeFeed.OLDEST, 100)).isEmpty();
  }

  @Test
  default void reader_resumesAfterItsPage_andPagesAreBounded() {
    assumeFeed();
    TableInfo table = feedTable(HOUR);
    for (int i = 0; i < 10; i++) {
      applyTo(table, "p" + (i % 3), Write.put("r" + i, props("v", i), Precondition.MUST_NOT_EXIST));
    }

    List<ChangeGroup> all = readAll(table, ChangeFeed.OLDEST, 100);
    FeedPage first = feed().read(table, ChangeFeed.OLDEST, 3, Long.MAX_VALUE);
    FeedPage rest = feed().read(table, first.next(), 100, Long.MAX_VALUE);
    FeedPage byBytes = feed().read(table, ChangeFeed.OLDEST, 100, 1);

    assertThat(all).hasSize(10);
    assertThat(readAll(table, ChangeFeed.OLDEST, 1)).isEqualTo(all);
    assertThat(first.groups()).isEqualTo(all.subList(0, 3));
    assertThat(first.next()).isEqualTo(all.get(2).position());
    assertThat(rest.groups()).isEqualTo(all.subList(3, 10));
    assertThat(byBytes.groups())
        .isEqualTo(all.subList(0, 1)); // at least one, however small the bound
  }

  @Test
  default void retention_hidesOlderGroups_andAReaderBehindItIsTold() {
    assumeFeed();
    Instant start = Instant.parse("2030-01-01T00:00:00Z");
    wallClock().set(start);
    try {
      TableInfo table = feedTable(Duration.ofMinutes(10));
      applyTo(table, "p", Write.put("old", props("v", 1), Precondition.MUST_NOT_EXIST));
      long afterOld = readAll(table, ChangeFeed.OLDEST, 100).get(0).position();
      applyTo(table, "p", Write.put("old2", props("v", 1), Precondition.MUST_NOT_EXIST));
      wallClock().set(start.plus(Duration.ofMinutes(11)));
      applyTo(table, "p", Write.put("new", props("v", 2), Precondition.MUST_NOT_EXIST));

      List<ChangeGroup> retained = readAll(table, ChangeFeed.OLDEST, 100);
      FeedPage behind = feed().read(table, afterOld, 100, Long.MAX_VALUE);

      assertThat(retained).extracting(g -> g.rows().get(0).rowKey()).containsExactly("new");
      assertThat(behind.expired()).isTrue();
      assertThat(behind.groups()).isEmpty();
      // A reader that has seen everything before the retention passed has lost nothing.
      long newest = retained.get(0).position();
      wallClock().set(start.plus(Duration.ofMinutes(30)));
      assertThat(feed().read(table, newest, 100, Long.MAX_VALUE).expired()).isFalse();
    } finally {
      wallClock().set(null);
    }
  }

  @Test
  default void await_completesWhenAGroupLands_orTheTableIsDeleted() throws Exception {
    assumeFeed();
    TableInfo table = feedTable(HOUR);
    CompletableFuture<Void> waiting = feed().awaitAfter(table.id(), ChangeFeed.OLDEST);
    assertThat(waiting).isNotDone();

    applyTo(table, "p", Write.put("r", props("v", 1), Precondition.MUST_NOT_EXIST));
    waiting.get(10, TimeUnit.SECONDS);
    long position = readAll(table, ChangeFeed.OLDEST, 100).get(0).position();
    assertThat(feed().awaitAfter(table.id(), ChangeFeed.OLDEST)).isDone();

    CompletableFuture<Void> next = feed().awaitAfter(table.id(), position);
    CompletableFuture<Void> cancelled = feed().awaitAfter(table.id(), position);
    cancelled.cancel(false);
    assertThat(next).isNotDone();
    assertThat(catalog().deleteTable(ACCOUNT, table.name())).isTrue();
    next.get(10, TimeUnit.SECONDS);
    assertThat(feed().read(table, ChangeFeed.OLDEST, 100, Long.MAX_VALUE).groups()).isEmpty();
  }

  @Test
  default void feed_survivesReopen_andGoesOnAfterIt() {
    assumeFeed();
    assumeTrue(engine().capabilities().contains(Capability.PERSISTENT), "not persistent");
    TableInfo table = feedTable(HOUR);
    applyTo(table, "p", Write.put("a", props("v", 1), Precondition.MUST_NOT_EXIST));
    List<ChangeGroup> before = readAll(table, ChangeFeed.OLDEST, 100);

    reopen();
    applyTo(table, "p", Write.put("b", props("v", 2), Precondition.MUST_NOT_EXIST));

    List<ChangeGroup> after = readAll(table, ChangeFeed.OLDEST, 100);
    assertThat(after).hasSize(2);
    assertThat(after.get(0)).isEqualTo(before.get(0));
    assertThat(readAll(table, before.get(0).position(), 100)).isEqualTo(after.subList(1, 2));
  }

  private static Instant committedAt(ApplyResult result) {
    assertThat(result).isInstanceOf(ApplyResult.Committed.class);
    return ((ApplyResult.Committed) result).commitTime();
  }

  /** Skips the test on an engine without {@link Capability#CHANGE_FEED}. */
  default void assumeFeed() {
    assumeTrue(engine().capabilities().contains(Capability.CHANGE_FEED), "no change feed");
  }
}
