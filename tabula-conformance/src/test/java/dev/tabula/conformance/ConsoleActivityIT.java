package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ConsoleClient;
import dev.tabula.conformance.support.ConsoleClient.Answer;
import dev.tabula.conformance.support.ConsoleServer;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.TabulaServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The console's live view API ({@code GET /console/api/activity}, docs/console.md) on a real
 * server: after SDK traffic on the data listener, its one-second buckets add up to exactly the
 * requests sent, with the 404 among the 4xx and latencies on the busy seconds, and the hot
 * partition listed with its exact count; the console's own requests are not counted.
 *
 * <p>Broken once each, and watched red: the activity listener left unregistered in ConsoleWiring
 * (the buckets stayed empty until the wait's deadline: sdkTraffic_isCountedExactly... found 0 of
 * 34), and the minutes check removed (minutesOutOfRange_isRefused got 200).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConsoleActivityIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ACCOUNT = TestAccounts.DEVELOPMENT.name();
  private static final long WAIT_MILLIS = 15_000;

  private ConsoleServer running;
  private TabulaServer server;
  private ConsoleClient console;

  @BeforeEach
  void start() {
    running = ConsoleServer.start();
    server = running.server();
    console = running.console();
  }

  @AfterEach
  void stop() {
    if (running != null) {
      running.close();
    }
  }

  @Test
  void sdkTraffic_isCountedExactly_andTheConsolesOwnRequestsAreNot() throws Exception {
    TableClient table =
        Clients.service(server, TestAccounts.DEVELOPMENT).createTableIfNotExists("Live");
    table.createEntity(new TableEntity("hot", "r0"));
    for (int i = 0; i < 30; i++) {
      table.getEntity("hot", "r0");
    }
    assertThatThrownBy(() -> table.getEntity("hot", "missing"))
        .isInstanceOf(TableServiceException.class);
    // Through the console: answered by its own protocol, never the data listener's.
    assertThat(console.get("/console/api/accounts/" + ACCOUNT + "/Live()").status()).isEqualTo(200);
    assertThat(
            console
                .get(
                    "/console/api/accounts/" + ACCOUNT + "/Live(PartitionKey='console',RowKey='x')")
                .status())
        .isEqualTo(404);
    table.createEntity(new TableEntity("last", "r0"));
    int sent = 1 + 1 + 30 + 1 + 1; // create table, insert, reads, the 404, the last insert

    JsonNode activity = awaitRequests(sent);

    List<JsonNode> busy = new ArrayList<>();
    activity.get("buckets").forEach(bucket -> busy.add(bucket));
    busy.removeIf(bucket -> bucket.get("requests").asInt() == 0);
    assertThat(busy.stream().mapToInt(b -> b.get("requests").asInt()).sum()).isEqualTo(sent);
    assertThat(busy.stream().mapToInt(b -> b.get("errors4xx").asInt()).sum()).isEqualTo(1);
    assertThat(busy.stream().mapToInt(b -> b.get("errors5xx").asInt()).sum()).isZero();
    assertThat(busy)
        .allSatisfy(
            bucket -> {
              assertThat(bucket.get("p50ms").asDouble()).isPositive();
              assertThat(bucket.get("p99ms").asDouble())
                  .isGreaterThanOrEqualTo(bucket.get("p50ms").asDouble());
            });
    JsonNode hottest = activity.get("hotPartitions").get(0);
    assertThat(hottest.get("account").asText()).isEqualTo(ACCOUNT);
    assertThat(hottest.get("table").asText()).isEqualTo("Live");
    assertThat(hottest.get("partitionKey").asText()).isEqualTo("hot");
    assertThat(hottest.get("requests").asLong()).isEqualTo(32);
    assertThat(hottest.get("maxError").asLong()).isZero();
    List<String> keys = new ArrayList<>();
    activity.get("hotPartitions").forEach(hot -> keys.add(hot.get("partitionKey").asText()));
    assertThat(keys).containsExactly("hot", "last");
  }

  @Test
  void buckets_coverTheMinutesAsked_oneASecond() throws Exception {
    Answer answer = console.get("/console/api/activity?minutes=2");

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).startsWith("application/json");
    JsonNode activity = JSON.readTree(answer.body());
    assertThat(activity.get("bucketMillis").asInt()).isEqualTo(1000);
    JsonNode buckets = activity.get("buckets");
    assertThat(buckets).hasSize(120);
    long last = buckets.get(119).get("t").asLong();
    assertThat(last).isEqualTo(activity.get("now").asLong() / 1000 * 1000 - 1000);
    assertThat(buckets.get(0).get("t").asLong()).isEqualTo(last - 119_000);
    assertThat(JSON.readTree(console.get("/console/api/activity").body()).get("buckets"))
        .hasSize(300);
  }

  @Test
  void minutesOutOfRange_isRefused() throws Exception {
    for (String minutes : new String[] {"0", "11", "x"}) {
      Answer answer = console.get("/console/api/activity?minutes=" + minutes);
      assertThat(answer.status()).as(minutes).isEqualTo(400);
      assertThat(answer.text()).contains("1 to 10");
    }
    assertThat(console.send("POST", "/console/api/activity", "{}").status()).isEqualTo(405);
  }

  @Test
  void withoutTheConsoleHeader_isRefused() throws Exception {
    assertThat(console.header("X-Tabula-Console", null).get("/console/api/activity").status())
        .isEqualTo(403);
  }

  /** The activity once its buckets hold {@code requests} requests (whole seconds only). */
  private JsonNode awaitRequests(int requests) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (true) {
      JsonNode activity = JSON.readTree(console.get("/console/api/activity?minutes=1").body());
      int counted = 0;
      for (JsonNode bucket : activity.get("buckets")) {
        counted += bucket.get("requests").asInt();
      }
      if (counted >= requests || System.currentTimeMillis() > deadline) {
        return activity;
      }
      Thread.sleep(50); // a poll under a deadline: the second running now ends within 1 s
    }
  }
}
