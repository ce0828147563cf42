package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.AdminScrape;
import dev.tabula.conformance.support.RawRequest;
import dev.tabula.conformance.support.RawRequest.Scheme;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Tabula's change feed over the wire (docs/extensions.md, "Change feed"), on every engine that
 * keeps one ({@code GET /table?comp=tabula-changes} with {@code x-tabula-extensions: changefeed}):
 * pages of committed changes with resumable tokens, a {@code $batch} as one group, a long poll that
 * answers as soon as a write lands, server-sent events resumed by {@code Last-Event-ID}, and one
 * {@code tableDeleted} change before 404 once the table is gone. On Cassandra (no CHANGE_FEED) it
 * is 501.
 *
 * <p>Broken once: a feed whose long polls were never woken (FeedWaiters.signal doing nothing)
 * answered {@link #aLongPoll_answersAsSoonAsAWriteLands} only at its timeout, which the test
 * caught.
 */
@OnEveryEngine
class ChangeFeedWireContract extends ConformanceBase {
  private static final String EXTENSIONS = "x-tabula-extensions";
  private static final String CHANGES = "?comp=tabula-changes";

  @Test
  void aPage_showsEachChange_andItsTokenResumesAfterIt() {
    TableClient table = feedTable();
    table.createEntity(new TableEntity("p", "r").addProperty("n", 1));
    table.updateEntity(
        new TableEntity("p", "r").addProperty("m", 2L), TableEntityUpdateMode.REPLACE);
    table.updateEntity(
        new TableEntity("p", "r").addProperty("k", "v"), TableEntityUpdateMode.MERGE);
    table.deleteEntity("p", "r");

    RawResponse page = changes(table, null);

    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header(EXTENSIONS)).isEqualTo("changefeed");
    JsonNode groups = page.json().get("changes");
    assertThat(kinds(groups)).containsExactly("insert", "replace", "merge", "delete");
    JsonNode merged = groups.get(2).get("rows").get(0).get("entity");
    assertThat(merged.get("m").asText()).isEqualTo("2");
    assertThat(merged.get("m@odata.type").asText()).isEqualTo("Edm.Int64");
    assertThat(merged.get("k").asText()).isEqualTo("v");
    assertThat(groups.get(3).get("rows").get(0).get("entity").isNull()).isTrue();
    assertThat(groups.get(0).get("partitionKey").asText()).isEqualTo("p");
    String afterFirst = groups.get(0).get("position").asText();
    assertThat(kinds(changes(table, afterFirst).json().get("changes")))
        .containsExactly("replace", "merge", "delete");
    String next = page.json().get("next").asText();
    assertThat(changes(table, next).json().get("changes")).isEmpty();
  }

  @Test
  void onATableWithTimeToLive_theExpiryShowsAsTabulaExpiresAt() {
    TableClient table = feedTable();
    assertThat(
            raw.put(table.getTableName() + "?comp=tabula-settings")
                .header(EXTENSIONS, "settings")
                .json("{\"timeToLive\": -1, \"changeFeed\": {\"retentionSeconds\": 3600}}")
                .send()
                .status())
        .isEqualTo(204);
    OffsetDateTime expiry = OffsetDateTime.parse("2099-01-01T00:00:00Z");
    table.createEntity(new TableEntity("p", "r").addProperty("TabulaExpiresAt", expiry));

    JsonNode entity =
        changes(table, null).json().get("changes").get(0).get("rows").get(0).get("entity");

    assertThat(entity.get("TabulaExpiresAt").asText()).startsWith("2099-01-01T00:00:00");
    assertThat(entity.get("TabulaExpiresAt@odata.type").asText()).isEqualTo("Edm.DateTime");
    entity.fieldNames().forEachRemaining(name -> assertThat(name).doesNotStartWith("$"));
  }

  @Test
  void aBatch_isOneGroup() {
    TableClient table = feedTable();
    table.submitTransaction(
        List.of(
            new TableTransactionAction(
                TableTransactionActionType.CREATE, new TableEntity("b", "1")),
            new TableTransactionAction(
                TableTransactionActionType.CREATE, new TableEntity("b", "2")),
            new TableTransactionAction(
                TableTransactionActionType.UPSERT_MERGE, new TableEntity("b", "3"))));

    JsonNode groups = changes(table, null).json().get("changes");

    assertThat(groups).hasSize(1);
    List<String> rows = new ArrayList<>();
    groups.get(0).get("rows").forEach(row -> rows.add(row.get("rowKey").asText()));
    assertThat(rows).containsExactly("1", "2", "3");
  }

  @Test
  void aLongPoll_answersAsSoonAsAWriteLands_andAnEmptyOneAtItsTimeout() throws Exception {
    TableClient table = feedTable();
    String next = changes(table, null).json().get("next").asText();

    long started = System.nanoTime();
    CompletableFuture<RawResponse> polling =
        CompletableFuture.supplyAsync(() -> send(table, next, "&timeout=30", null));
    awaitParkedRequest(); // the write must land while the poll waits, not before it reads
    table.createEntity(new TableEntity("p", "landed"));
    RawResponse answered = polling.get(60, TimeUnit.SECONDS);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
    assertThat(kinds(answered.json().get("changes"))).containsExactly("insert");
    String after = answered.json().get("next").asText();
    RawResponse quiet = send(table, after, "&timeout=1", null);
    assertThat(quiet.status()).isEqualTo(200);
    assertThat(quiet.json().get("changes")).isEmpty();
    assertThat(quiet.json().get("next").asText()).isEqualTo(after);
  }

  @Test
  void anEventStream_hasOneEventPerGroup_andLastEventIdResumes() {
    TableClient table = feedTable();
    table.createEntity(new TableEntity("p", "a"));
    table.createEntity(new TableEntity("p", "b"));

    RawResponse stream = send(table, null, "", "text/event-stream");

    assertThat(stream.status()).isEqualTo(200);
    assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
    List<String> ids = fields(stream.bodyText(), "id: ");
    assertThat(ids).hasSize(2);
    assertThat(fields(stream.bodyText(), "event: ")).containsExactly("change", "change");
    RawResponse resumed =
        raw.get(table.getTableName() + CHANGES)
            .header(EXTENSIONS, "changefeed")
            .header("Accept", "text/event-stream")
            .header("Last-Event-ID", ids.get(0))
            .send();
    assertThat(fields(resumed.bodyText(), "id: ")).containsExactly(ids.get(1));
    assertThat(resumed.bodyText()).contains("\"rowKey\":\"b\"");
  }

  @Test
  void aDeletedTable_isSaidOnce_then404() {
    TableClient table = feedTable();
    table.createEntity(new TableEntity("p", "r"));
    String next = changes(table, null).json().get("next").asText();
    table.deleteTable();
    service.createTable(table.getTableName()); // re-created: another table, with no feed

    RawResponse told = changes(table, next);
    assertThat(told.status()).isEqualTo(200);
    assertThat(kinds(told.json().get("changes"))).containsExactly("tableDeleted");
    RawResponse after = changes(table, told.json().get("next").asText());
    assertThat(after.status()).isEqualTo(404);
    assertThat(after.errorCode()).isEqualTo("ResourceNotFound");
  }

  @Test
  void aSignature_needsRead_andSeesOnlyTheRowsOfItsKeyRange() {
    TableClient table = feedTable();
    table.createEntity(new TableEntity("a", "1"));
    table.createEntity(new TableEntity("z", "1"));
    OffsetDateTime expiry = OffsetDateTime.now().plusHours(1);
    String inRange =
        table.generateSas(
            new TableSasSignatureValues(expiry, TableSasPermission.parse("r"))
                .setStartPartitionKey("a")
                .setStartRowKey("0")
                .setEndPartitionKey("b")
                .setEndRowKey("0"));
    String addOnly =
        table.generateSas(new TableSasSignatureValues(expiry, TableSasPermission.parse("a")));

    RawResponse clipped = withSas(table, inRange);
    RawResponse refused = withSas(table, addOnly);

    assertThat(clipped.status()).isEqualTo(200);
    JsonNode groups = clipped.json().get("changes");
    assertThat(groups).hasSize(1);
    assertThat(groups.get(0).get("partitionKey").asText()).isEqualTo("a");
    assertThat(refused.status()).isEqualTo(403);
  }

  @Test
  void aTableWithoutFeed_is404_andWithoutTheHeaderTheUrlIsAQuery() {
    assumeTrue(engine() != EngineKind.CASSANDRA, "no change feed on Cassandra");
    TableClient table = newTable();

    RawResponse noFeed = changes(table, null);
    RawResponse plain = raw.get(table.getTableName() + "()" + CHANGES).send();

    assertThat(noFeed.status()).isEqualTo(404);
    assertThat(noFeed.errorCode()).isEqualTo("ResourceNotFound");
    assertThat(plain.status()).isEqualTo(200);
    assertThat(plain.json().get("value")).isNotNull();
  }

  @Test
  void anEngineWithoutFeed_is501() {
    assumeTrue(engine() == EngineKind.CASSANDRA, "the other engines keep a feed");
    TableClient table = newTable();

    // exchange(), not send(): send() refuses every 5xx, and 501 is the answer asked for here.
    RawResponse response =
        raw.get(table.getTableName() + CHANGES).header(EXTENSIONS, "changefeed").exchange();

    assertThat(response.status()).isEqualTo(501);
    assertThat(response.errorCode()).isEqualTo("NotImplemented");
    assertThat(response.bodyText()).contains("CHANGE_FEED");
  }

  /** With the admin listener, whose metrics show a parked long poll. */
  @Override
  protected ServerConfig configure(ServerConfig config) {
    return config.withTransport(config.transport().withAdmin("127.0.0.1", 0));
  }

  /** Waits until a request waits aside of the workers (the long poll), for at most 20 s. */
  private void awaitParkedRequest() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (AdminScrape.scrape(server.adminPort()).sum("tabula_workers_aside") < 1) {
      assertThat(System.nanoTime() - deadline).as("a parked long poll").isNegative();
      Thread.onSpinWait();
    }
  }

  /** A new table with a change feed kept an hour. */
  private TableClient feedTable() {
    assumeTrue(engine() != EngineKind.CASSANDRA, "no change feed on Cassandra");
    TableClient table = newTable();
    RawResponse set =
        raw.put(table.getTableName() + "?comp=tabula-settings")
            .header(EXTENSIONS, "settings")
            .json("{\"changeFeed\": {\"retentionSeconds\": 3600}}")
            .send();
    assertThat(set.status()).isEqualTo(204);
    return table;
  }

  private RawResponse withSas(TableClient table, String sas) {
    return raw.get(table.getTableName() + CHANGES + "&" + sas)
        .scheme(Scheme.NONE)
        .header(EXTENSIONS, "changefeed")
        .send();
  }

  private RawResponse changes(TableClient table, String after) {
    return send(table, after, "", null);
  }

  private RawResponse send(TableClient table, String after, String more, String accept) {
    String query = CHANGES + (after == null ? "" : "&after=" + after) + more;
    RawRequest request = raw.get(table.getTableName() + query).header(EXTENSIONS, "changefeed");
    if (accept != null) {
      request = request.header("Accept", accept);
    }
    return request.send();
  }

  private static List<String> kinds(JsonNode groups) {
    List<String> kinds = new ArrayList<>();
    for (JsonNode group : groups) {
      JsonNode rows = group.get("rows");
      kinds.add(rows == null ? group.get("kind").asText() : rows.get(0).get("kind").asText());
    }
    return kinds;
  }

  /** The values of every line of an event stream that starts with {@code prefix}. */
  private static List<String> fields(String stream, String prefix) {
    List<String> values = new ArrayList<>();
    for (String line : stream.split("\n")) {
      if (line.startsWith(prefix)) {
        values.add(line.substring(prefix.length()));
      }
    }
    return values;
  }
}
