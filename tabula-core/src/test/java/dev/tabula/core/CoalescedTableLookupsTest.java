package dev.tabula.core;

import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CoalescedTableLookups} over a catalog whose lookups read the catalog when sent and answer
 * when the test lets them (as a Cassandra node's do, a round trip later): requests that arrive
 * while a lookup is out share the next one, never the one already out.
 *
 * <p>Seen red: with a request joining the lookup already out, the deleted table was found for a
 * request that arrived after its delete; with no sharing at all, six requests sent six lookups.
 */
class CoalescedTableLookupsTest {
  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine();
  private final String table = services.newTable("things");

  /** Each lookup sent, in order; completing one answers it with what it read when sent. */
  private final List<HeldLookup> sent = new ArrayList<>();

  private final CoalescedTableLookups lookups =
      new CoalescedTableLookups(heldLookups(services.engine.catalog()));

  @AfterEach
  void close() {
    services.close();
  }

  // Every join follows a check that the stage is done, so a broken sharing fails, never hangs.
  @Test
  void requestsArrivingWhileALookupIsOut_shareTheNextOne_sentWhenItAnswers() {
    CompletableFuture<Optional<TableInfo>> first = lookups.find(ACCOUNT, table);
    List<CompletableFuture<Optional<TableInfo>>> later =
        IntStream.range(0, 5)
            .mapToObj(i -> lookups.find(ACCOUNT, i % 2 == 0 ? table : table.toUpperCase()))
            .toList();
    assertThat(sent).as("one lookup out for six requests").hasSize(1);

    sent.get(0).answer();
    assertThat(first).isCompletedWithValueMatching(Optional::isPresent);
    assertThat(sent).as("the next lookup, sent as the first answered").hasSize(2);
    assertThat(later).noneMatch(CompletableFuture::isDone);

    sent.get(1).answer();
    assertThat(later)
        .allSatisfy(found -> assertThat(found).isCompletedWithValueMatching(Optional::isPresent));

    var unused = lookups.find(ACCOUNT, table);
    assertThat(sent).as("nothing out: a request sends its own at once").hasSize(3);
  }

  @Test
  void aRequestArrivingAfterADelete_isNeverAnsweredByALookupSentBeforeIt() {
    CompletableFuture<Optional<TableInfo>> before = lookups.find(ACCOUNT, table);
    services.tables.deleteTable(ACCOUNT, table);
    CompletableFuture<Optional<TableInfo>> after = lookups.find(ACCOUNT, table);

    sent.get(0).answer();
    assertThat(before)
        .as("read before the delete")
        .isCompletedWithValueMatching(Optional::isPresent);
    assertThat(after).isNotDone();
    sent.get(1).answer();
    assertThat(after)
        .as("read after the request arrived")
        .isCompletedWithValueMatching(Optional::isEmpty);
  }

  @Test
  void aFailedLookup_failsOnlyItsOwnRequests() {
    CompletableFuture<Optional<TableInfo>> first = lookups.find(ACCOUNT, table);
    CompletableFuture<Optional<TableInfo>> second = lookups.find(ACCOUNT, table);
    CompletableFuture<Optional<TableInfo>> third = lookups.find(ACCOUNT, table);

    sent.get(0).fail(new IllegalStateException("node down"));
    assertThat(first).isCompletedExceptionally();
    assertThat(second).isNotDone();
    sent.get(1).fail(new IllegalStateException("still down"));
    for (CompletableFuture<Optional<TableInfo>> waiting : List.of(second, third)) {
      assertThat(waiting).isCompletedExceptionally();
      assertThatThrownBy(waiting::join)
          .isInstanceOf(CompletionException.class)
          .cause()
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("still down");
    }

    CompletableFuture<Optional<TableInfo>> recovered = lookups.find(ACCOUNT, table);
    assertThat(sent).hasSize(3);
    sent.get(2).answer();
    assertThat(recovered).isCompletedWithValueMatching(Optional::isPresent);
  }

  @Test
  void overALookupThatAnswersAtOnce_eachRequestSendsItsOwn() {
    CoalescedTableLookups atOnce = new CoalescedTableLookups(services.engine.catalog());
    for (int i = 0; i < 3; i++) {
      assertThat(atOnce.find(ACCOUNT, table)).isCompleted();
    }
    services.tables.deleteTable(ACCOUNT, table);
    assertThat(atOnce.find(ACCOUNT, table).join()).isEmpty();
  }

  /** A lookup sent: what it read from the catalog when sent, answered when the test says. */
  private record HeldLookup(
      Optional<TableInfo> read, CompletableFuture<Optional<TableInfo>> stage) {
    void answer() {
      stage.complete(read);
    }

    void fail(RuntimeException failure) {
      stage.completeExceptionally(failure);
    }
  }

  private Catalog heldLookups(Catalog catalog) {
    return Intercepted.of(
        Catalog.class,
        catalog,
        "findTableAsync",
        args -> {
          HeldLookup lookup =
              new HeldLookup(
                  catalog.findTable((String) args[0], (String) args[1]), new CompletableFuture<>());
          sent.add(lookup);
          return lookup.stage;
        });
  }
}
