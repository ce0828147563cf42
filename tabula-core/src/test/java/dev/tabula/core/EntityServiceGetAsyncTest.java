package dev.tabula.core;

import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static dev.tabula.core.ServicesOnMemoryEngine.entity;
import static dev.tabula.core.ServicesOnMemoryEngine.int32;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.EntityStore;
import dev.tabula.engine.StorageException;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link EntityService#getAsync} over an engine whose {@link EntityStore#readAsync} answers later
 * (as Cassandra's does, from the driver's threads): the stage completes when the engine's does,
 * with the entity or the service's error. Over an engine that keeps the default, the stage is
 * complete when returned.
 *
 * <p>Seen red once: with getAsync reading through {@code store.read} (blocking) instead of {@code
 * readAsync}, the held read was never asked for and the first test's stage was done at once.
 */
class EntityServiceGetAsyncTest {
  private static final EntityKey KEY = new EntityKey("p", "r");

  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine();
  private final String table = services.newTable("things");
  private CompletableFuture<Optional<Entity>> held = new CompletableFuture<>();
  private final EntityService heldReads =
      new EntityService(services.tables, holdingReads(services.engine.entities()), 1000);

  @AfterEach
  void close() {
    services.close();
  }

  @Test
  void theStageCompletes_whenTheEnginesReadDoes() {
    Entity stored =
        services.entities.insert(ACCOUNT, table, entity("p", "r", "v", int32(1))).join();

    CompletableFuture<Entity> read = heldReads.getAsync(ACCOUNT, table, KEY);
    assertThat(read).isNotDone();
    held.complete(Optional.of(stored));

    assertThat(read.join().properties()).isEqualTo(stored.properties());
  }

  @Test
  void aMissingEntityOrTable_andAStorageFailure_failTheStageWithTheServicesError() {
    held.complete(Optional.empty());
    assertThat(failureOf(heldReads.getAsync(ACCOUNT, table, KEY)))
        .isEqualTo(TableErrorCode.RESOURCE_NOT_FOUND);
    assertThat(failureOf(heldReads.getAsync(ACCOUNT, "nosuchtable", KEY)))
        .isEqualTo(TableErrorCode.TABLE_NOT_FOUND);

    held = new CompletableFuture<>();
    CompletableFuture<Entity> read = heldReads.getAsync(ACCOUNT, table, KEY);
    held.completeExceptionally(new StorageException(StorageException.Kind.UNAVAILABLE, "down"));
    assertThat(failureOf(read)).isEqualTo(TableErrorCode.SERVER_BUSY);
  }

  @Test
  void overAnEngineThatReadsOnTheCallersThread_theStageIsCompleteWhenReturned() {
    services.entities.insert(ACCOUNT, table, entity("p", "r")).join();

    assertThat(services.entities.getAsync(ACCOUNT, table, KEY)).isCompleted();
  }

  private static TableErrorCode failureOf(CompletableFuture<Entity> stage) {
    try {
      stage.join();
    } catch (CompletionException e) {
      assertThat(e.getCause()).isInstanceOf(TableException.class);
      return ((TableException) e.getCause()).code();
    }
    throw new AssertionError("the stage did not fail");
  }

  /** {@code store} with its {@code readAsync} answered by {@link #held}. */
  private EntityStore holdingReads(EntityStore store) {
    return (EntityStore)
        Proxy.newProxyInstance(
            EntityStore.class.getClassLoader(),
            new Class<?>[] {EntityStore.class},
            (proxy, method, args) -> {
              if (method.getName().equals("readAsync")) {
                return held;
              }
              try {
                return method.invoke(store, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
