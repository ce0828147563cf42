package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.telemetry.AnsweredRequest;
import dev.tabula.server.telemetry.HotPartitionGauges;
import dev.tabula.server.telemetry.HotPartitions.HotPartition;
import dev.tabula.server.telemetry.HotPartitions.TablePartition;
import io.micrometer.core.instrument.Gauge;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hottest partitions are counted from real SDK traffic: inserts (the PartitionKey is in the
 * body), an entity group transaction (in its operations), a query of one partition (in its filter)
 * and point operations (in the URL) all count for the partition they touch, exactly, and the gauge
 * family lists them with their labels.
 */
class HotPartitionsIT {
  private static final String ACCOUNT = TestAccounts.DEVELOPMENT.name();
  private final BlockingQueue<AnsweredRequest> reports = new LinkedBlockingQueue<>();
  private TabulaServer server;
  private TableClient table;

  @BeforeEach
  void start() {
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withEngine(EngineKind.MEMORY, Path.of("unused")));
    // Told after the hot partitions (the first listener), so a report seen here is counted there.
    server.telemetry().addListener(reports::add);
    TableServiceClient service = Clients.service(server, TestAccounts.DEVELOPMENT);
    table = service.createTable("Hot");
  }

  /**
   * Waits until the request answered last (the client has its answer) was reported too: a report
   * follows the answer's writing, which the client may see first.
   */
  private void awaitReport(String operation, String partitionKey) throws InterruptedException {
    while (true) {
      AnsweredRequest report = reports.poll(10, TimeUnit.SECONDS);
      assertThat(report).as("a report of %s %s", operation, partitionKey).isNotNull();
      if (report.operation().equals(operation)
          && Objects.equals(report.partitionKey(), partitionKey)) {
        return;
      }
    }
  }

  /**
   * The top partitions once they count {@code requests} requests in all, or as they are after 10 s
   * (the assertions then say what is missing).
   */
  private List<HotPartition> awaitRequestsCounted(long requests) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      List<HotPartition> top = server.telemetry().hotPartitions().top(10);
      long counted = top.stream().mapToLong(HotPartition::requests).sum();
      if (counted >= requests || System.nanoTime() > deadline) {
        return top;
      }
      Thread.sleep(10); // polling a deadline, not synchronising on a guess
    }
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void insertsABatchAndAPartitionQuery_countForTheirPartition() throws Exception {
    for (int i = 0; i < 5; i++) {
      table.createEntity(new TableEntity("hot", "r" + i)); // 5 inserts
    }
    table.submitTransaction(
        IntStream.range(5, 8)
            .mapToObj(
                i ->
                    new TableTransactionAction(
                        TableTransactionActionType.CREATE, new TableEntity("hot", "r" + i)))
            .toList()); // 1 batch
    assertThat(
            table
                .listEntities(
                    new ListEntitiesOptions().setFilter("PartitionKey eq 'hot'"), null, null)
                .stream()
                .count())
        .isEqualTo(8); // 1 query, one page
    table.getEntity("hot", "r0"); // 1 point read
    table.deleteEntity("hot", "r7"); // 1 delete
    table.createEntity(new TableEntity("warm", "r0"));
    table.createEntity(new TableEntity("warm", "r1"));
    table.createEntity(new TableEntity("cold", "r0"));
    // Not one partition: counted for none.
    assertThat(
            table
                .listEntities(new ListEntitiesOptions().setFilter("RowKey eq 'r0'"), null, null)
                .stream()
                .count())
        .isEqualTo(3);
    awaitReport("QueryEntities", null);
    // The SDK sends over several connections, whose reports may reach the counts in another order
    // than their answers reached the client: the last report seen does not prove the others are in.
    List<HotPartition> top = awaitRequestsCounted(12);

    assertThat(top)
        .extracting(HotPartition::partition, HotPartition::requests)
        .containsExactly(
            tuple(new TablePartition(ACCOUNT, "Hot", "hot"), 9L),
            tuple(new TablePartition(ACCOUNT, "Hot", "warm"), 2L),
            tuple(new TablePartition(ACCOUNT, "Hot", "cold"), 1L));
    assertThat(top).allSatisfy(hot -> assertThat(hot.maxError()).isZero());
  }

  @Test
  void theGaugeFamily_listsTheHottestPartitionsWithTheirLabels() throws Exception {
    for (int i = 0; i < 3; i++) {
      table.createEntity(new TableEntity("hot", "r" + i));
    }
    table.createEntity(new TableEntity("cool", "r0"));
    awaitReport("InsertEntity", "cool");

    server.telemetry().refreshHotPartitions();

    Gauge hot =
        server
            .telemetry()
            .registry()
            .get(HotPartitionGauges.NAME)
            .tags("account", ACCOUNT, "table", "Hot", "partition_key", "hot")
            .gauge();
    assertThat(hot.value()).isEqualTo(3.0);
    assertThat(server.telemetry().registry().scrape())
        .contains(
            "tabula_hot_partition_requests{account=\""
                + ACCOUNT
                + "\",partition_key=\"cool\",table=\"Hot\"} 1.0");
  }
}
