package dev.tabula.core.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A store's outcomes reach core's services as the service's errors, thrown or in a stage. */
class TranslatingEntityStoreTest {
  private static final EntityKey KEY = new EntityKey("p", "r");

  @Test
  void aThrownOutcome_isThrownAsTheServicesError() {
    EntityStore store =
        TranslatingEntityStore.of(new FakeStore(unavailable(), new CompletableFuture<>()));
    assertThatThrownBy(() -> store.read(1, KEY))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.SERVER_BUSY));
    assertThatThrownBy(() -> store.applyAsync(1, "p", List.of()))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.SERVER_BUSY));
  }

  @Test
  void aStageFailingLaterWithAnOutcome_failsWithTheServicesError() {
    CompletableFuture<ApplyResult> pending = new CompletableFuture<>();
    EntityStore store = TranslatingEntityStore.of(new FakeStore(null, pending));
    CompletableFuture<ApplyResult> applied = store.applyAsync(1, "p", List.of());
    pending.completeExceptionally(
        new StorageException(StorageException.Kind.OUTCOME_UNKNOWN, "timed out"));
    assertThatThrownBy(applied::join)
        .isInstanceOf(CompletionException.class)
        .cause()
        .isInstanceOfSatisfying(
            TableException.class,
            e -> assertThat(e.code()).isEqualTo(TableErrorCode.OPERATION_TIMED_OUT));
  }

  @Test
  void otherFailures_andResults_passUnchanged() {
    IllegalStateException bug = new IllegalStateException("a bug");
    CompletableFuture<ApplyResult> failing = new CompletableFuture<>();
    EntityStore store = TranslatingEntityStore.of(new FakeStore(null, failing));
    CompletableFuture<ApplyResult> applied = store.applyAsync(1, "p", List.of());
    failing.completeExceptionally(bug);
    assertThatThrownBy(applied::join).isInstanceOf(CompletionException.class).cause().isSameAs(bug);

    CompletableFuture<ApplyResult> committed =
        CompletableFuture.completedFuture(new ApplyResult.Committed(Instant.EPOCH, List.of()));
    assertThat(
            TranslatingEntityStore.of(new FakeStore(null, committed)).applyAsync(1, "p", List.of()))
        .isSameAs(committed);
  }

  @Test
  void wrappingTwice_translatesOnce() {
    EntityStore once = TranslatingEntityStore.of(new FakeStore(null, new CompletableFuture<>()));
    assertThat(TranslatingEntityStore.of(once)).isSameAs(once);
  }

  private static StorageException unavailable() {
    return new StorageException(StorageException.Kind.UNAVAILABLE, "no node");
  }

  /** Throws {@code thrown} from every call if set, else answers applyAsync with {@code stage}. */
  private record FakeStore(StorageException thrown, CompletableFuture<ApplyResult> stage)
      implements EntityStore {
    @Override
    public Optional<Entity> read(long tableId, EntityKey key) {
      throw thrown;
    }

    @Override
    public Page scan(long tableId, ScanRequest request) {
      throw thrown;
    }

    @Override
    public CompletableFuture<ApplyResult> applyAsync(
        long tableId, String partitionKey, List<Write> writes) {
      if (thrown != null) {
        throw thrown;
      }
      return stage;
    }
  }
}
