package dev.tabula.core;

import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static dev.tabula.core.ServicesOnMemoryEngine.entity;
import static dev.tabula.core.ServicesOnMemoryEngine.int32;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.EntityStore;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link EntityService#getAsync} over a catalog whose lookups answer late (as Cassandra's do, a
 * round trip later): the entity is read on the table's remembered id while the lookup is out, and
 * that read is the answer only when the lookup returns the same id.
 *
 * <p>Seen red: with the early read used whatever id the lookup returned, the re-created table's
 * test answered the deleted table's entity; with nothing ever read early, all three failed.
 */
class OverlappedPointReadTest {
  private static final EntityKey KEY = new EntityKey("p", "r");

  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine();
  private final String table = services.newTable("things");

  /** Lookups answer, from the catalog as it is then, once this completes. */
  private CompletableFuture<Void> lookupsAnswer = CompletableFuture.completedFuture(null);

  /** The table id of every entity read, in the order sent. */
  private final List<Long> readIds = new CopyOnWriteArrayList<>();

  private final EntityService reads =
      new EntityService(
          new TableService(lateLookups(services.engine.catalog())),
          countingReads(services.engine.entities()),
          1000);

  @AfterEach
  void close() {
    services.close();
  }

  @Test
  void aRememberedId_isReadWhileTheLookupIsOut_andThatReadIsTheAnswer() {
    insert(1);
    assertThat(value(reads.getAsync(ACCOUNT, table, KEY))).isEqualTo(int32(1));
    assertThat(readIds).as("a lookup that answers at once: no early read").hasSize(1);

    lookupsAnswer = new CompletableFuture<>();
    CompletableFuture<Entity> read = reads.getAsync(ACCOUNT, table, KEY);
    assertThat(readIds).as("read before the lookup answered").hasSize(2);
    assertThat(read).isNotDone();

    lookupsAnswer.complete(null);
    assertThat(value(read)).isEqualTo(int32(1));
    assertThat(readIds).as("the early read was the answer").hasSize(2);
  }

  @Test
  void aTableReCreatedWhileTheLookupIsOut_isReadAgainOnItsNewId() {
    insert(1);
    reads.getAsync(ACCOUNT, table, KEY).join();
    long oldId = readIds.get(0);

    lookupsAnswer = new CompletableFuture<>();
    CompletableFuture<Entity> read = reads.getAsync(ACCOUNT, table, KEY);
    services.tables.deleteTable(ACCOUNT, table);
    services.tables.createTable(ACCOUNT, table);
    insert(2);
    lookupsAnswer.complete(null);

    assertThat(value(read)).isEqualTo(int32(2));
    assertThat(readIds).hasSize(3);
    assertThat(readIds.get(1)).isEqualTo(oldId);
    assertThat(readIds.get(2)).isNotEqualTo(oldId);
  }

  @Test
  void aTableDeletedWhileTheLookupIsOut_isTableNotFound_andItsIdForgotten() {
    insert(1);
    reads.getAsync(ACCOUNT, table, KEY).join();

    lookupsAnswer = new CompletableFuture<>();
    CompletableFuture<Entity> read = reads.getAsync(ACCOUNT, table, KEY);
    assertThat(readIds).hasSize(2);
    services.tables.deleteTable(ACCOUNT, table);
    lookupsAnswer.complete(null);
    assertThatThrownBy(read::join)
        .isInstanceOf(CompletionException.class)
        .cause()
        .isInstanceOf(TableException.class)
        .extracting(e -> ((TableException) e).code())
        .isEqualTo(TableErrorCode.TABLE_NOT_FOUND);

    lookupsAnswer = new CompletableFuture<>();
    CompletableFuture<Entity> again = reads.getAsync(ACCOUNT, table, KEY);
    assertThat(readIds).as("nothing read early on a forgotten id").hasSize(2);
    lookupsAnswer.complete(null);
    assertThat(again).isCompletedExceptionally();
  }

  private void insert(int value) {
    services.entities.insert(ACCOUNT, table, entity("p", "r", "v", int32(value))).join();
  }

  private static EdmValue value(CompletableFuture<Entity> read) {
    return read.join().properties().get("v");
  }

  /** {@code catalog} with {@code findTableAsync} answered once {@link #lookupsAnswer} completes. */
  @SuppressWarnings("FutureReturnValueIgnored") // the proxy hands the stage to getAsync
  private Catalog lateLookups(Catalog catalog) {
    return Intercepted.of(
        Catalog.class,
        catalog,
        "findTableAsync",
        args -> {
          CompletableFuture<Void> gate = lookupsAnswer;
          return gate.thenApply(ignored -> catalog.findTable((String) args[0], (String) args[1]));
        });
  }

  /** {@code store} with the table id of each {@code readAsync} recorded in {@link #readIds}. */
  @SuppressWarnings("FutureReturnValueIgnored") // the proxy hands the stage to getAsync
  private EntityStore countingReads(EntityStore store) {
    return Intercepted.of(
        EntityStore.class,
        store,
        "readAsync",
        args -> {
          readIds.add((Long) args[0]);
          return store.readAsync((Long) args[0], (EntityKey) args[1]);
        });
  }
}
