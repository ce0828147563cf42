package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TestAccounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** Acknowledged writes are visible at once to any other client, also under concurrency. */
@OnEveryEngine
class DurabilityContract extends ConformanceBase {

  @Test
  void acknowledgedWrites_areReadableImmediatelyFromASecondClient() {
    TableClient writer = newTable();
    TableClient reader = secondClient().getTableClient(writer.getTableName());

    writer.createEntity(new TableEntity("p", "r").addProperty("v", 1));
    TableEntity afterInsert = reader.getEntity("p", "r");
    assertThat(afterInsert.getProperty("v")).isEqualTo(1);

    writer.updateEntity(
        new TableEntity("p", "r").addProperty("v", 2), TableEntityUpdateMode.REPLACE);
    TableEntity afterUpdate = reader.getEntity("p", "r");
    assertThat(afterUpdate.getProperty("v")).isEqualTo(2);
    assertThat(afterUpdate.getETag()).isEqualTo(writer.getEntity("p", "r").getETag());

    writer.deleteEntity("p", "r");
    assertServiceError(404, "ResourceNotFound", () -> reader.getEntity("p", "r"));
  }

  @Test
  void acknowledgedTableCreate_isVisibleImmediatelyToASecondClient() {
    String name = uniqueTableName();
    service.createTable(name);

    secondClient().getTableClient(name).createEntity(new TableEntity("p", "r"));

    assertThat(service.getTableClient(name).getEntity("p", "r")).isNotNull();
  }

  @Test
  void concurrentWriters_allAcknowledgedInsertsAreVisible() throws Exception {
    String name = newTable().getTableName();
    int writers = 4;
    int perWriter = 25;
    List<Callable<Void>> jobs = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int id = w;
      TableClient client = secondClient().getTableClient(name);
      jobs.add(
          () -> {
            for (int i = 0; i < perWriter; i++) {
              client.createEntity(
                  new TableEntity("p" + (i % 3), "w" + id + "-" + i).addProperty("i", i));
            }
            return null;
          });
    }

    runAll(jobs);

    long count =
        StreamSupport.stream(service.getTableClient(name).listEntities().spliterator(), false)
            .count();
    assertThat(count).isEqualTo((long) writers * perWriter);
  }

  @Test
  void concurrentConditionalUpdates_withTheSameEtag_exactlyOneWinsEveryRound() throws Exception {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r").addProperty("winner", -1));
    int contenders = 6;
    List<TableClient> clients = new ArrayList<>();
    for (int c = 0; c < contenders; c++) {
      clients.add(secondClient().getTableClient(table.getTableName()));
    }
    for (int round = 0; round < 10; round++) {
      CountDownLatch start = new CountDownLatch(1);
      List<Callable<Integer>> jobs = new ArrayList<>();
      for (int c = 0; c < contenders; c++) {
        TableClient client = clients.get(c);
        // Every contender holds the same version: read before any of them writes.
        TableEntity update = table.getEntity("p", "r").addProperty("winner", round * 100 + c);
        jobs.add(
            () -> {
              start.await();
              try {
                return client
                    .updateEntityWithResponse(update, TableEntityUpdateMode.MERGE, true, null, null)
                    .getStatusCode();
              } catch (TableServiceException e) {
                return e.getResponse().getStatusCode();
              }
            });
      }

      List<Integer> statuses = runAll(jobs, start);

      assertThat(statuses.stream().filter(s -> s == 204).count())
          .as("round %d: %s", round, statuses)
          .isEqualTo(1);
      assertThat(statuses.stream().filter(s -> s == 412).count())
          .as("round %d: %s", round, statuses)
          .isEqualTo(contenders - 1);
    }
  }

  @Test
  void concurrentMergesOfDifferentProperties_loseNoProperty() throws Exception {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));
    int writers = 4;
    int rounds = 20;
    CountDownLatch start = new CountDownLatch(1);
    List<Callable<Void>> jobs = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      String property = "w" + w;
      TableClient client = secondClient().getTableClient(table.getTableName());
      jobs.add(
          () -> {
            start.await();
            for (int i = 0; i < rounds; i++) {
              client.upsertEntity(
                  new TableEntity("p", "r")
                      .addProperty(property, i)
                      .addProperty(property + "_" + i, i));
            }
            return null;
          });
    }

    runAll(jobs, start);

    Map<String, Object> p = table.getEntity("p", "r").getProperties();
    for (int w = 0; w < writers; w++) {
      assertThat(p).containsEntry("w" + w, rounds - 1);
      for (int i = 0; i < rounds; i++) {
        assertThat(p).as("merge %d of writer %d", i, w).containsKey("w" + w + "_" + i);
      }
    }
  }

  @Test
  void concurrentCreates_ofTheSameTable_exactlyOneSucceeds() throws Exception {
    String name = uniqueTableName();
    int contenders = 6;
    CountDownLatch start = new CountDownLatch(1);
    List<Callable<Integer>> jobs = new ArrayList<>();
    for (int c = 0; c < contenders; c++) {
      TableServiceClient client = secondClient();
      jobs.add(
          () -> {
            start.await();
            try {
              return client.createTableWithResponse(name, null, null).getStatusCode();
            } catch (TableServiceException e) {
              return e.getResponse().getStatusCode();
            }
          });
    }

    List<Integer> statuses = runAll(jobs, start);

    assertThat(statuses.stream().filter(s -> s < 300).count())
        .as("statuses %s", statuses)
        .isEqualTo(1);
    assertThat(statuses.stream().filter(s -> s == 409).count())
        .as("statuses %s", statuses)
        .isEqualTo(contenders - 1);
  }

  @Test
  void concurrentInserts_ofTheSameKey_exactlyOneSucceeds() throws Exception {
    TableClient table = newTable();
    int contenders = 6;
    CountDownLatch start = new CountDownLatch(1);
    List<Callable<Integer>> jobs = new ArrayList<>();
    for (int c = 0; c < contenders; c++) {
      TableClient client = secondClient().getTableClient(table.getTableName());
      jobs.add(
          () -> {
            start.await();
            try {
              return client
                  .createEntityWithResponse(new TableEntity("p", "same"), null, null)
                  .getStatusCode();
            } catch (TableServiceException e) {
              return e.getResponse().getStatusCode();
            }
          });
    }

    List<Integer> statuses = runAll(jobs, start);

    assertThat(statuses.stream().filter(s -> s == 409).count())
        .as("statuses %s", statuses)
        .isEqualTo(contenders - 1);
    assertThat(statuses.stream().filter(s -> s < 300).count())
        .as("statuses %s", statuses)
        .isEqualTo(1);
  }

  /** A client with its own pipeline and connections, as another process would have. */
  private TableServiceClient secondClient() {
    return Clients.service(server, TestAccounts.DEVELOPMENT);
  }

  private static <T> List<T> runAll(List<Callable<T>> jobs) throws Exception {
    return runAll(jobs, null);
  }

  private static <T> List<T> runAll(List<Callable<T>> jobs, CountDownLatch start) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(jobs.size());
    try {
      List<Future<T>> futures = new ArrayList<>();
      jobs.forEach(job -> futures.add(pool.submit(job)));
      if (start != null) {
        start.countDown();
      }
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        results.add(f.get(60, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
