package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionResult;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.CommitLaneHold;
import dev.tabula.conformance.support.EntitiesReplaced;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.core.BatchOperation;
import dev.tabula.core.BatchService;
import dev.tabula.core.EntityGroupTransaction;
import dev.tabula.core.TableService;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.rocksdb.RocksOptions;
import dev.tabula.engine.rocksdb.RocksStorageEngine;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.server.Resources;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A {@code $batch} change set commits the way a single-entity write does: queued with the engine,
 * its stage returned, no thread waiting for the synced write. The RocksDB engine runs with one
 * commit lane, which a {@link CommitLaneHold} keeps busy, so the batch's write is held inside the
 * real engine for as long as the test wants; a caller that waited for it would wait that long.
 * Nothing stands in for the engine: at most its entity store is seen through a recorder that says
 * when a write was queued.
 */
class BatchCommitWithoutWaitingIT {
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final String ACCOUNT = TestAccounts.DEVELOPMENT.name();

  private final Path dataDir = TempDirs.create("tabula-batch-commit");
  private final RocksStorageEngine engine =
      new RocksStorageEngine(dataDir, new RocksOptions(RocksOptions.DEFAULT_BLOCK_CACHE_BYTES, 1));
  private final ExecutorService clients = Executors.newFixedThreadPool(2);
  private TabulaServer server;

  @AfterEach
  void stop() throws InterruptedException {
    clients.shutdownNow();
    clients.awaitTermination(10, TimeUnit.SECONDS);
    if (server != null) {
      server.close();
    } else {
      engine.close();
    }
    TempDirs.delete(dataDir);
  }

  @Test
  void commit_returnsItsStage_beforeTheEngineHasCommitted() throws Exception {
    TableService tables = new TableService(engine.catalog());
    tables.createTable(ACCOUNT, "held");
    TableInfo table = engine.catalog().findTable(ACCOUNT, "held").orElseThrow();
    EntityGroupTransaction transaction =
        new BatchService(tables, engine.entities()).begin(ACCOUNT, 2);
    transaction.add(insert("held", "p", "a"));
    transaction.add(insert("held", "p", "b"));

    CompletableFuture<EntityGroupTransaction.Outcome> committed;
    try (CommitLaneHold lane = CommitLaneHold.hold(engine, table.id(), "p")) {
      // On a thread of its own, so that a commit that waited for the engine fails the test
      // instead of hanging it.
      CompletableFuture<CompletableFuture<EntityGroupTransaction.Outcome>> started =
          CompletableFuture.supplyAsync(transaction::commit, clients);
      committed = started.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(committed).as("the engine holds the write").isNotDone();
      assertThat(engine.entities().read(table.id(), new EntityKey("p", "a"))).isEmpty();
    }

    EntityGroupTransaction.Outcome outcome = committed.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(outcome).isInstanceOf(EntityGroupTransaction.Committed.class);
    assertThat(((EntityGroupTransaction.Committed) outcome).entities())
        .extracting(Entity::rowKey)
        .containsExactly("a", "b");
    assertThat(engine.entities().read(table.id(), new EntityKey("p", "b"))).isPresent();
  }

  @Test
  void aBatchWaitingForItsCommit_leavesTheOnlyWorkerFreeForOtherRequests() throws Exception {
    ServerConfig config =
        ServerConfig.defaults()
            .withPort(0)
            .withAccounts(TestAccounts.ALL)
            .withResources(Resources.DEFAULTS.withWorkers(1, 4));
    CountDownLatch batchQueued = new CountDownLatch(1);
    server = TabulaServer.start(config, reportingQueued(engine, "q", batchQueued));
    TableServiceClient service = Clients.service(server, TestAccounts.DEVELOPMENT);
    TableClient table = service.createTable("waiting");
    long tableId = engine.catalog().findTable(ACCOUNT, "waiting").orElseThrow().id();

    CompletableFuture<TableTransactionResult> batch;
    try (CommitLaneHold lane = CommitLaneHold.hold(engine, tableId, "p")) {
      batch = CompletableFuture.supplyAsync(() -> table.submitTransaction(inserts("q")), clients);
      assertThat(batchQueued.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
      // Query Tables always runs on a worker; had the batch kept the only one, it would wait.
      CompletableFuture<Long> listed =
          CompletableFuture.supplyAsync(() -> service.listTables().stream().count(), clients);
      assertThat(listed.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(1);
      assertThat(batch).as("its commit is still held").isNotDone();
    }

    TableTransactionResult result = batch.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.getTransactionActionResponses())
        .allSatisfy(response -> assertThat(response.getStatusCode()).isEqualTo(204));
    assertThat(table.getEntity("q", "r1").getProperty("n")).isEqualTo(1);
  }

  /**
   * The engine, counting {@code queued} down each time its entity store has queued a write to
   * {@code partitionKey} (returned from {@code applyAsync}); everything else is the engine's own.
   */
  private static StorageEngine reportingQueued(
      StorageEngine engine, String partitionKey, CountDownLatch queued) {
    EntityStore store = engine.entities();
    EntityStore reporting =
        (EntityStore)
            Proxy.newProxyInstance(
                EntityStore.class.getClassLoader(),
                new Class<?>[] {EntityStore.class},
                (proxy, method, args) -> {
                  Object result;
                  try {
                    result = method.invoke(store, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                  if (method.getName().equals("applyAsync") && partitionKey.equals(args[1])) {
                    queued.countDown();
                  }
                  return result;
                });
    return EntitiesReplaced.of(engine, reporting);
  }

  private static BatchOperation insert(String table, String partitionKey, String rowKey) {
    Map<String, EdmValue> properties = Map.of("n", new EdmValue.EdmInt32(1));
    return new BatchOperation(
        table, BatchOperation.Kind.INSERT, Entity.unsaved(partitionKey, rowKey, properties), null);
  }

  private static List<TableTransactionAction> inserts(String partitionKey) {
    return List.of(
        new TableTransactionAction(
            TableTransactionActionType.CREATE,
            new TableEntity(partitionKey, "r1").addProperty("n", 1)),
        new TableTransactionAction(
            TableTransactionActionType.CREATE,
            new TableEntity(partitionKey, "r2").addProperty("n", 2)));
  }
}
