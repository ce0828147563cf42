package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static dev.tabula.conformance.support.ServiceErrors.assertServiceError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.RawResponse;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * Time-to-live over the wire (docs/extensions.md, "Time-to-live"), on every engine: with the
 * table's {@code timeToLive} set through {@code ?comp=tabula-settings}, an entity's {@code
 * TabulaExpiresAt} (Edm.DateTime) is its expiry; once past, the entity is gone for reads, queries,
 * counts and the preconditions of writes and batches, at once (no sweep needed); the table's
 * default gives every write an expiry; a table without time-to-live keeps {@code TabulaExpiresAt}
 * as an ordinary property. Waiting for an expiry polls with a deadline, on expiries two seconds
 * ahead.
 *
 * <p>Broken once, on the memory engine: with core's {@code LiveRows} taken out of queries and
 * counts (the bare residual), {@link #expiredEntity_isGoneForEveryRead}, the round trip's query and
 * the {@code $filter} test failed; with the planner's expired-as-absent rule removed, {@link
 * #expiredEntity_isAbsentToWritesAndBatches} failed (the If-Match merge of an expired entity
 * succeeded).
 */
@OnEveryEngine
class TimeToLiveContract extends ConformanceBase {
  private static final String EXPIRES = "TabulaExpiresAt";
  private static final Duration PATIENCE = Duration.ofSeconds(20);
  private static final Duration POLL = Duration.ofMillis(50);

  private TableClient ttlTable(String timeToLive) {
    TableClient table = newTable();
    RawResponse set =
        raw.put(table.getTableName() + "?comp=tabula-settings")
            .header("x-tabula-extensions", "settings")
            .json("{\"timeToLive\": " + timeToLive + "}")
            .send();
    assertThat(set.status()).isEqualTo(204);
    return table;
  }

  private static TableEntity entity(String rowKey, Object expiresAt) {
    return new TableEntity("p", rowKey).addProperty("n", 1).addProperty(EXPIRES, expiresAt);
  }

  private static OffsetDateTime now() {
    return OffsetDateTime.now(ZoneOffset.UTC);
  }

  private static void assertGone(TableClient table, String rowKey) {
    assertServiceError(404, "ResourceNotFound", () -> table.getEntity("p", rowKey));
  }

  private static List<String> rowKeys(TableClient table, String filter) {
    return table.listEntities(new ListEntitiesOptions().setFilter(filter), null, null).stream()
        .map(TableEntity::getRowKey)
        .toList();
  }

  private long count(TableClient table) {
    RawResponse response =
        raw.get(table.getTableName() + "()/$count").header("x-tabula-extensions", "count").send();
    assertThat(response.status()).isEqualTo(200);
    return Long.parseLong(response.bodyText().trim());
  }

  private static void awaitUntil(BooleanSupplier condition) {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime() - deadline).as("waited %s", PATIENCE).isNegative();
      LockSupport.parkNanos(POLL.toNanos()); // a pause between polls, not a wait for the outcome
    }
  }

  private static boolean isGone(TableClient table, String rowKey) {
    try {
      table.getEntity("p", rowKey);
      return false;
    } catch (TableServiceException e) {
      return e.getResponse().getStatusCode() == 404;
    }
  }

  @Test
  void expiredEntity_isGoneForEveryRead() {
    TableClient table = ttlTable("-1");
    table.createEntity(entity("gone", now().minusHours(1)));
    table.createEntity(entity("live", now().plusHours(1)));

    assertGone(table, "gone");
    assertThat(rowKeys(table, null)).containsExactly("live");
    assertThat(rowKeys(table, "RowKey eq 'gone'")).isEmpty();
    assertThat(count(table)).isEqualTo(1);
    RawResponse top1 = raw.get(table.getTableName() + "()?$top=1").send();
    assertThat(top1.json().get("value").get(0).get("RowKey").asText()).isEqualTo("live");
  }

  @Test
  void expiredEntity_isAbsentToWritesAndBatches() {
    TableClient table = ttlTable("-1");
    table.createEntity(entity("a", now().minusHours(1)));
    table.createEntity(entity("b", now().minusHours(1)));
    table.createEntity(entity("c", now().minusHours(1)));

    assertServiceError(
        404,
        "ResourceNotFound",
        () -> table.updateEntity(new TableEntity("p", "a"), TableEntityUpdateMode.MERGE));
    RawResponse delete =
        raw.delete(table.getTableName() + "(PartitionKey='p',RowKey='a')")
            .header("If-Match", "*")
            .send();
    assertError(delete, 404, "ResourceNotFound");

    table.createEntity(new TableEntity("p", "a").addProperty("fresh", true)); // 201 over it
    TableEntity fresh = table.getEntity("p", "a");
    assertThat(fresh.getProperties()).containsKey("fresh").doesNotContainKeys("n", EXPIRES);

    table.upsertEntity(new TableEntity("p", "b").addProperty("m", 2)); // Insert Or Merge
    assertThat(table.getEntity("p", "b").getProperties()).containsKey("m").doesNotContainKey("n");

    table.submitTransaction(
        List.of(
            new TableTransactionAction(
                TableTransactionActionType.CREATE, new TableEntity("p", "c").addProperty("x", 3))));
    assertThat(table.getEntity("p", "c").getProperties()).containsKey("x");
  }

  @Test
  void expiresAt_roundTrips_andTheEntityDisappearsWhenItPasses() {
    TableClient table = ttlTable("-1");
    OffsetDateTime soon = now().plusSeconds(2).truncatedTo(ChronoUnit.MILLIS);
    table.createEntity(entity("r", soon));

    TableEntity read = table.getEntity("p", "r");
    assertThat(read.getProperty(EXPIRES)).isEqualTo(soon);
    assertThat(
            table
                .listEntities(new ListEntitiesOptions().setSelect(List.of(EXPIRES)), null, null)
                .stream()
                .map(e -> e.getProperty(EXPIRES))
                .toList())
        .containsExactly(soon);

    awaitUntil(() -> isGone(table, "r"));
    assertThat(rowKeys(table, null)).isEmpty();
  }

  @Test
  void filterOnExpiresAt_filtersOnTheExpiry() {
    TableClient table = ttlTable("-1");
    table.createEntity(entity("near", now().plusHours(1)));
    table.createEntity(entity("far", now().plusDays(10)));

    String tomorrow = now().plusDays(1).format(java.time.format.DateTimeFormatter.ISO_INSTANT);
    assertThat(rowKeys(table, EXPIRES + " gt datetime'" + tomorrow + "'")).containsExactly("far");
    assertThat(rowKeys(table, EXPIRES + " lt datetime'" + tomorrow + "'")).containsExactly("near");
  }

  @Test
  void defaultDuration_givesEveryWriteAnExpiry_fromTheLastWrite() {
    TableClient table = ttlTable("3600");
    OffsetDateTime before = now();
    table.createEntity(new TableEntity("p", "r").addProperty("n", 1));
    OffsetDateTime after = now();

    OffsetDateTime expiry = (OffsetDateTime) table.getEntity("p", "r").getProperty(EXPIRES);
    assertThat(expiry)
        .isBetween(before.plusHours(1).minusSeconds(1), after.plusHours(1).plusSeconds(1));

    TableClient shortLived = ttlTable("2");
    shortLived.createEntity(new TableEntity("p", "r").addProperty("n", 1));
    awaitUntil(() -> isGone(shortLived, "r"));
  }

  @Test
  void expiresAtOfAnotherType_onATimeToLiveTable_is400InvalidInput() {
    TableClient table = ttlTable("-1");

    TableServiceException refused =
        assertServiceError(400, "InvalidInput", () -> table.createEntity(entity("r", "tomorrow")));
    assertThat(refused.getMessage()).contains(EXPIRES).contains("Edm.DateTime");
  }

  @Test
  void theInternalPropertyName_cannotBeWrittenByAClient() {
    TableClient table = ttlTable("-1");

    RawResponse response =
        raw.post(table.getTableName())
            .json(
                "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"$expires@odata.type\":\"Edm.DateTime\","
                    + "\"$expires\":\"2000-01-01T00:00:00Z\"}")
            .send();

    assertError(response, 400, "PropertyNameInvalid");
  }

  @Test
  void withoutTimeToLive_expiresAtIsAnOrdinaryProperty() {
    TableClient table = newTable();
    OffsetDateTime past = now().minusHours(1).truncatedTo(ChronoUnit.MILLIS);
    table.createEntity(entity("r", past));
    table.createEntity(entity("s", "not a date"));

    assertThat(table.getEntity("p", "r").getProperty(EXPIRES)).isEqualTo(past);
    assertThat(table.getEntity("p", "s").getProperty(EXPIRES)).isEqualTo("not a date");
  }
}
