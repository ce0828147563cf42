package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionResult;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.GatedEngine;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.server.Resources;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Overload is bounded: with every worker busy and the queue full, or with the request bodies held
 * at their memory bound, a request is answered at once with 503 ServerBusy and the service's error
 * body, and the server serves normally again once the load passes. The server here has one worker,
 * a queue of two and 1 MiB for request bodies; a {@link GatedEngine} holds the worker inside an
 * engine call until the test lets it go, so nothing depends on timing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServerBusyIT {
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final int QUEUE = 2;
  private static final HttpHeaderName REQUEST_ID = HttpHeaderName.fromString("x-ms-request-id");

  private final GatedEngine engine = new GatedEngine(new MemoryStorageEngine());
  private final ExecutorService clients = Executors.newFixedThreadPool(8);
  private TabulaServer server;
  private TableClient table;

  @BeforeAll
  void start() {
    ServerConfig config =
        ServerConfig.defaults()
            .withPort(0)
            .withAccounts(TestAccounts.ALL)
            .withResources(Resources.DEFAULTS.withWorkers(1, QUEUE).withRequestMemoryMegabytes(1));
    server = TabulaServer.start(config, engine);
    table = Clients.service(server, TestAccounts.DEVELOPMENT).createTable("busy");
    table.createEntity(new TableEntity("p", "r").addProperty("v", 1));
  }

  @AfterAll
  void stop() throws InterruptedException {
    clients.shutdownNow();
    clients.awaitTermination(10, TimeUnit.SECONDS);
    server.close();
  }

  @Test
  void fullPoolAndQueue_answer503ServerBusy_thenTheServerRecovers() throws Exception {
    GatedEngine.Hold hold = engine.holdNextCall();
    CompletableFuture<TableEntity> onWorker = async(() -> table.getEntity("p", "r"));
    assertThat(hold.awaitHeld(WAIT)).as("the only worker is inside the engine").isTrue();
    double queueFullBefore = shed("worker_queue_full");
    double memoryBefore = shed("request_memory");

    // Of QUEUE + 1 reads, QUEUE wait in the queue and one finds it full.
    List<CompletableFuture<TableEntity>> contenders = new ArrayList<>();
    for (int i = 0; i <= QUEUE; i++) {
      contenders.add(async(() -> table.getEntity("p", "r")));
    }
    CompletableFuture<TableEntity> rejected = firstDone(contenders);

    TableServiceException busy =
        assertServiceError(503, "ServerBusy", () -> joinUnwrapped(rejected));
    assertThat(busy.getValue().getErrorMessage())
        .startsWith("The server is currently unable to receive requests. Please retry");
    assertThat(busy.getResponse().getHeaders().getValue(REQUEST_ID)).isNotBlank();
    assertThat(shed("worker_queue_full")).as("shed, counted").isEqualTo(queueFullBefore + 1);
    assertThat(shed("request_memory")).isEqualTo(memoryBefore);
    assertThat(onWorker).isNotDone();
    contenders.remove(rejected);
    assertThat(contenders).as("the queued reads wait for the worker").noneMatch(f -> f.isDone());

    hold.release();
    assertThat(onWorker.get(WAIT.toSeconds(), TimeUnit.SECONDS).getProperty("v")).isEqualTo(1);
    for (CompletableFuture<TableEntity> queued : contenders) {
      assertThat(queued.get(WAIT.toSeconds(), TimeUnit.SECONDS).getProperty("v")).isEqualTo(1);
    }
    table.upsertEntity(new TableEntity("p", "after").addProperty("v", 2));
    assertThat(table.getEntity("p", "after").getProperty("v")).isEqualTo(2);
  }

  @Test
  void requestBodiesPastTheMemoryBound_answer503ServerBusy_evenWithRoomInTheQueue()
      throws Exception {
    GatedEngine.Hold hold = engine.holdNextCall();
    CompletableFuture<TableEntity> onWorker = async(() -> table.getEntity("p", "r"));
    assertThat(hold.awaitHeld(WAIT)).isTrue();
    double memoryBefore = shed("request_memory");

    // Each batch body is about 0.6 MiB: one fits the 1 MiB bound, two do not; the queue has room.
    List<CompletableFuture<TableTransactionResult>> batches =
        new ArrayList<>(List.of(async(() -> largeBatch("ba")), async(() -> largeBatch("bb"))));
    CompletableFuture<TableTransactionResult> rejected = firstDone(batches);

    assertServiceError(503, "ServerBusy", () -> joinUnwrapped(rejected));
    assertThat(shed("request_memory")).as("shed, counted").isEqualTo(memoryBefore + 1);
    batches.remove(rejected);
    assertThat(batches.get(0)).as("the admitted batch waits for the worker").isNotDone();

    hold.release();
    assertThat(onWorker.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isNotNull();
    assertThat(
            batches.get(0).get(WAIT.toSeconds(), TimeUnit.SECONDS).getTransactionActionResponses())
        .hasSize(100);
    assertThat(largeBatch("bc").getTransactionActionResponses())
        .as("memory is given back")
        .hasSize(100);
  }

  @Test
  void engineCalls_neverRunOnNetworkEventLoops() {
    RawClient raw = new RawClient(server, TestAccounts.DEVELOPMENT);
    raw.get("busy(PartitionKey='p',RowKey='r')").send();
    raw.request("OPTIONS", "busy")
        .header("Origin", "http://example.com")
        .header("Access-Control-Request-Method", "GET")
        .send();
    assertThat(raw.post("busy").fillerBody(5L * 1024 * 1024).send().status()).isEqualTo(413);

    assertThat(engine.callerThreads())
        .isNotEmpty()
        .allSatisfy(name -> assertThat(name).startsWith("tabula-worker-"));
  }

  private <T> CompletableFuture<T> async(Supplier<T> call) {
    return CompletableFuture.supplyAsync(call, clients);
  }

  /** Waits (bounded) for the first of {@code calls} to end, which must be a refusal; returns it. */
  private static <T> CompletableFuture<T> firstDone(List<CompletableFuture<T>> calls)
      throws Exception {
    CompletableFuture.anyOf(calls.toArray(CompletableFuture[]::new))
        .exceptionally(e -> null)
        .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    return calls.stream().filter(CompletableFuture::isDone).findFirst().orElseThrow();
  }

  /** An entity group transaction of 100 inserts of about 6 KiB each into partition {@code pk}. */
  private TableTransactionResult largeBatch(String pk) {
    String padding = "x".repeat(6000);
    List<TableTransactionAction> actions = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      TableEntity entity =
          new TableEntity(pk, String.format("%03d", i)).addProperty("pad", padding);
      actions.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
    }
    return table.submitTransaction(actions);
  }

  /** The server's count of requests shed with 503 ServerBusy for {@code reason} (its metric). */
  private double shed(String reason) {
    return server
        .telemetry()
        .registry()
        .get("tabula.requests.shed")
        .tag("reason", reason)
        .functionCounter()
        .count();
  }

  private static void joinUnwrapped(CompletableFuture<?> future) throws Throwable {
    try {
      future.join();
    } catch (CompletionException e) {
      throw e.getCause();
    }
  }
}
