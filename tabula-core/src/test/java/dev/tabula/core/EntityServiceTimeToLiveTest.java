package dev.tabula.core;

import static dev.tabula.core.Refusals.assertRefused;
import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static dev.tabula.core.ServicesOnMemoryEngine.entity;
import static dev.tabula.core.ServicesOnMemoryEngine.int32;
import static dev.tabula.core.ServicesOnMemoryEngine.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.core.ttl.ExpiresAt;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.Expiry;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableSettings;
import dev.tabula.model.TimeToLive;
import dev.tabula.query.FilterParser;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The time-to-live rules of {@link EntityService} and {@link EntityGroupTransaction} over the
 * in-memory engine: expired entities are invisible to point reads, queries and counts (the page
 * limit counting live ones only), {@code TabulaExpiresAt} is stored as the internal expiry and
 * shown back, the table's default applies to each write. Broken once: with {@code
 * EntityService.residual} returning the bare residual (no {@code LiveRows}), the query, count and
 * page-limit tests failed; with {@code ExpiresAt.shown} returning the stored entity, the round trip
 * failed; with the default not applied to MERGE ({@code ExpiryWrites}), the refresh test failed.
 */
class EntityServiceTimeToLiveTest {
  private static final Instant PAST = Instant.parse("2020-01-01T00:00:00Z");
  private static final Instant FUTURE = Instant.parse("2999-01-01T00:00:00Z");

  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine();
  private final EntityService entities = services.entities;
  private final String table = services.newTable("expiring");

  @AfterEach
  void close() {
    services.close();
  }

  private void timeToLive(TimeToLive ttl) {
    services
        .engine
        .catalog()
        .setTableSettings(ACCOUNT, table, TableSettings.NONE.withTimeToLive(ttl));
  }

  private static EdmValue at(Instant instant) {
    return new EdmValue.EdmDateTime(instant);
  }

  private Optional<Entity> raw(String pk, String rk) {
    long id = services.engine.catalog().findTable(ACCOUNT, table).orElseThrow().id();
    return services.engine.entities().read(id, new EntityKey(pk, rk));
  }

  @Test
  void expiredEntity_isInvisibleToGetQueryAndCount_butStored() {
    timeToLive(TimeToLive.withoutDefault());
    entities.insert(ACCOUNT, table, entity("p", "gone", ExpiresAt.NAME, at(PAST))).join();

    assertRefused(
        TableErrorCode.RESOURCE_NOT_FOUND,
        () -> entities.get(ACCOUNT, table, new EntityKey("p", "gone")));
    assertThat(entities.query(ACCOUNT, table, null, null).entities()).isEmpty();
    assertThat(entities.count(ACCOUNT, table, null, null).count()).isZero();
    assertThat(raw("p", "gone")).isPresent();
  }

  @Test
  void pageLimit_countsLiveEntitiesOnly() {
    timeToLive(TimeToLive.withoutDefault());
    entities.insert(ACCOUNT, table, entity("p", "a", ExpiresAt.NAME, at(PAST))).join();
    entities.insert(ACCOUNT, table, entity("p", "b", "n", int32(1))).join();

    EntityPage page = entities.query(ACCOUNT, table, null, 1);

    assertThat(page.entities()).extracting(Entity::rowKey).containsExactly("b");
  }

  @Test
  void expiresAt_isStoredAsTheInternalExpiry_andShownBack() {
    timeToLive(TimeToLive.withoutDefault());
    Entity echoed =
        entities.insert(ACCOUNT, table, entity("p", "r", ExpiresAt.NAME, at(FUTURE))).join();

    assertThat(echoed.properties()).containsEntry(ExpiresAt.NAME, at(FUTURE));
    assertThat(entities.get(ACCOUNT, table, new EntityKey("p", "r")).properties())
        .containsOnlyKeys(ExpiresAt.NAME)
        .containsEntry(ExpiresAt.NAME, at(FUTURE));
    assertThat(raw("p", "r").orElseThrow().properties())
        .containsOnlyKeys(Expiry.PROPERTY)
        .containsEntry(Expiry.PROPERTY, at(FUTURE));
    assertThat(entities.query(ACCOUNT, table, null, null).entities().get(0).properties())
        .containsOnlyKeys(ExpiresAt.NAME);
    assertThat(
            entities
                .query(
                    ACCOUNT,
                    table,
                    FilterParser.parse("TabulaExpiresAt gt datetime'2500-01-01T00:00:00Z'"),
                    null,
                    null)
                .entities())
        .hasSize(1);
  }

  @Test
  void defaultDuration_isGivenToEachWrite_mergeRefreshesIt() {
    timeToLive(TimeToLive.after(Duration.ofHours(1)));
    Instant before = Instant.now();
    entities.insert(ACCOUNT, table, entity("p", "r", "n", int32(1))).join();
    Instant first = expiryOf("r");
    assertThat(first)
        .isBetween(before.plus(Duration.ofHours(1)), Instant.now().plus(Duration.ofHours(1)));

    Instant merging = Instant.now();
    entities.merge(ACCOUNT, table, entity("p", "r", "m", int32(2)), null).join();

    assertThat(expiryOf("r")).isAfterOrEqualTo(merging.plus(Duration.ofHours(1)));
  }

  @Test
  void withoutDefault_mergeKeepsTheExpiry_putDropsIt() {
    timeToLive(TimeToLive.withoutDefault());
    entities.insert(ACCOUNT, table, entity("p", "r", ExpiresAt.NAME, at(FUTURE))).join();

    entities.merge(ACCOUNT, table, entity("p", "r", "m", int32(2)), null).join();
    assertThat(expiryOf("r")).isEqualTo(FUTURE);

    entities.replace(ACCOUNT, table, entity("p", "r", "m", int32(3)), null).join();
    assertThat(entities.get(ACCOUNT, table, new EntityKey("p", "r")).properties())
        .doesNotContainKey(ExpiresAt.NAME);
  }

  @Test
  void expiresAtOfAnotherType_isInvalidInput() {
    timeToLive(TimeToLive.withoutDefault());

    assertRefused(
        TableErrorCode.INVALID_INPUT,
        () -> entities.insert(ACCOUNT, table, entity("p", "r", ExpiresAt.NAME, text("soon"))));
  }

  @Test
  void withoutTimeToLive_expiresAtIsAnOrdinaryProperty() {
    entities.insert(ACCOUNT, table, entity("p", "r", ExpiresAt.NAME, at(PAST))).join();

    assertThat(entities.get(ACCOUNT, table, new EntityKey("p", "r")).properties())
        .containsEntry(ExpiresAt.NAME, at(PAST));
    assertThat(raw("p", "r").orElseThrow().properties()).containsOnlyKeys(ExpiresAt.NAME);
  }

  @Test
  void batchInsert_overAnExpiredEntity_commits_andShowsTheExpiry() {
    timeToLive(TimeToLive.withoutDefault());
    entities.insert(ACCOUNT, table, entity("p", "r", ExpiresAt.NAME, at(PAST))).join();
    EntityGroupTransaction batch = services.batches.begin(ACCOUNT, 1);
    batch.add(
        new BatchOperation(
            table, BatchOperation.Kind.INSERT, entity("p", "r", ExpiresAt.NAME, at(FUTURE)), null));

    EntityGroupTransaction.Outcome outcome = batch.commit().join();

    assertThat(outcome).isInstanceOf(EntityGroupTransaction.Committed.class);
    Entity stored = ((EntityGroupTransaction.Committed) outcome).entities().get(0);
    assertThat(stored.properties()).containsEntry(ExpiresAt.NAME, at(FUTURE));
  }

  private Instant expiryOf(String rowKey) {
    EdmValue value =
        entities.get(ACCOUNT, table, new EntityKey("p", rowKey)).properties().get(ExpiresAt.NAME);
    return ((EdmValue.EdmDateTime) value).value();
  }
}
