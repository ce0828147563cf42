package dev.tabula.core.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.core.TableSettingsService;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.Page;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link IndexBuilds} with {@link TableSettingsService} over the memory engine: a declared index is
 * built and marked ready, an index still building at start (a stop cut its build short) is built
 * again by {@link IndexBuilds#resume}, a failed build is tried again, and matching by name keeps a
 * built index. Broken once: with the retry left out of {@code IndexBuilds.build}, the retry test
 * timed out with the index still building.
 */
class IndexBuildsTest {
  private static final String ACCOUNT = "devstoreaccount1";
  private static final IndexDefinition REQUESTED = IndexDefinition.requested("byStatus", "Status");

  private final MemoryStorageEngine engine = new MemoryStorageEngine();
  private final List<RuntimeException> failures = new CopyOnWriteArrayList<>();
  private IndexBuilds builds;

  @AfterEach
  void close() {
    if (builds != null) {
      builds.close();
    }
    engine.close();
  }

  private TableSettingsService service(EntityStore store) {
    builds =
        new IndexBuilds(
            engine.catalog(),
            store,
            new IndexBuilds.Listener() {
              @Override
              public void started(String account, String table, IndexDefinition index) {}

              @Override
              public void built(
                  String account, String table, IndexDefinition index, Duration took) {}

              @Override
              public void failed(
                  String account, String table, IndexDefinition index, RuntimeException failure) {
                failures.add(failure);
              }
            });
    return new TableSettingsService(engine.catalog(), engine.capabilities(), builds);
  }

  private void tableWithOneEntity() {
    TableInfo table = engine.catalog().createTable(ACCOUNT, "orders").orElseThrow();
    Write write =
        Write.put("r", Map.of("Status", new EdmValue.EdmString("open")), Precondition.NONE);
    engine.entities().applyAsync(table.id(), "p", List.of(write)).join();
  }

  private IndexDefinition awaitReady(TableSettingsService settings) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      IndexDefinition index = settings.get(ACCOUNT, "orders").indexes().get(0);
      if (index.isReady()) {
        return index;
      }
      assertThat(System.nanoTime() - deadline).as("ready within 20 s").isNegative();
      Thread.sleep(5);
    }
  }

  @Test
  void aDeclaredIndex_isBuiltThenReady_andKeptByAnUnchangedDocument() throws InterruptedException {
    tableWithOneEntity();
    TableSettingsService settings = service(engine.entities());

    settings.set(ACCOUNT, "orders", TableSettings.NONE.withIndexes(List.of(REQUESTED)));
    IndexDefinition ready = awaitReady(settings);
    settings.set(ACCOUNT, "orders", TableSettings.NONE.withIndexes(List.of(REQUESTED)));

    assertThat(ready.id()).isEqualTo(1);
    assertThat(settings.get(ACCOUNT, "orders").indexes()).containsExactly(ready);
  }

  @Test
  void anIndexStillBuildingAtStart_isBuiltByResume() throws InterruptedException {
    tableWithOneEntity();
    IndexDefinition building = REQUESTED.withId(3);
    engine
        .catalog()
        .setTableSettings(ACCOUNT, "orders", TableSettings.NONE.withIndexes(List.of(building)));
    TableSettingsService settings = service(engine.entities());

    builds.resume(List.of(ACCOUNT));

    assertThat(awaitReady(settings)).isEqualTo(building.withState(IndexDefinition.State.READY));
  }

  @Test
  void aFailedBuild_isTriedAgain() throws InterruptedException {
    tableWithOneEntity();
    AtomicInteger attempts = new AtomicInteger();
    TableSettingsService settings = service(new FailingOnce(engine.entities(), attempts));

    settings.set(ACCOUNT, "orders", TableSettings.NONE.withIndexes(List.of(REQUESTED)));

    awaitReady(settings);
    assertThat(attempts).hasValue(2);
    assertThat(failures).hasSize(1);
  }

  /**
   * An index declared while the builder is closed (the server stopping) is stored, building, and
   * left for the next start's resume: the change is not refused. Broken once: with the closed
   * executor's refusal let through, set() threw RejectedExecutionException (a 500 on the wire).
   */
  @Test
  void anIndexDeclaredWhileTheBuilderIsClosed_isStored_andBuiltByTheNextStart()
      throws InterruptedException {
    tableWithOneEntity();
    TableSettingsService stopping = service(engine.entities());
    builds.close();

    stopping.set(ACCOUNT, "orders", TableSettings.NONE.withIndexes(List.of(REQUESTED)));
    assertThat(stopping.get(ACCOUNT, "orders").indexes())
        .singleElement()
        .satisfies(index -> assertThat(index.isReady()).isFalse());

    TableSettingsService started = service(engine.entities());
    builds.resume(List.of(ACCOUNT));
    assertThat(awaitReady(started).name()).isEqualTo("byStatus");
  }

  /** A store whose first build fails as an unreachable engine's would. */
  private record FailingOnce(EntityStore store, AtomicInteger attempts) implements EntityStore {
    @Override
    public void buildIndex(TableInfo table, IndexDefinition index) {
      if (attempts.incrementAndGet() == 1) {
        throw new StorageException(StorageException.Kind.UNAVAILABLE, "not reachable");
      }
      store.buildIndex(table, index);
    }

    @Override
    public Optional<Entity> read(long tableId, EntityKey key) {
      return store.read(tableId, key);
    }

    @Override
    public Page scan(long tableId, ScanRequest request) {
      return store.scan(tableId, request);
    }

    @Override
    public IndexPage scanIndex(TableInfo table, IndexScan scan) {
      return store.scanIndex(table, scan);
    }

    @Override
    public CompletableFuture<ApplyResult> applyAsync(
        long tableId, String partitionKey, List<Write> writes) {
      return store.applyAsync(tableId, partitionKey, writes);
    }
  }
}
