package dev.tabula.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.Expiry;
import dev.tabula.model.Limits;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The planner's time-to-live rules: an entity whose expiry is at or before the commit time is
 * absent to every write and precondition, and {@link Precondition.ExpiredAt} deletes only such an
 * entity with that Timestamp. Broken once each: with the expired-as-absent line of {@code plan}
 * removed (the found entity used as current), 6 of these tests failed; with {@code ExpiredAt}
 * checked as the other preconditions are, 4 failed; with the internal property counted among the
 * 252, the last one failed.
 */
class PartitionBatchExpiryTest {
  private static final String PK = "pk";
  private static final Instant STORED_AT = Instant.parse("2024-01-01T00:00:00Z");
  private static final Instant NOW = Instant.parse("2024-01-02T00:00:00Z");

  private final Map<String, Entity> rows = new HashMap<>();

  @Test
  void insert_overExpiredEntity_succeeds() {
    storeExpiring("a", NOW.minusSeconds(1));

    Entity stored = storedAfter(Write.put("a", props("x", 2), Precondition.MUST_NOT_EXIST));

    assertThat(stored).isEqualTo(new Entity(PK, "a", NOW, props("x", 2)));
  }

  @Test
  void expiryExactlyAtCommitTime_isExpired() {
    storeExpiring("a", NOW);

    assertThat(plan(Write.put("a", props("x", 2), Precondition.MUST_NOT_EXIST)))
        .isInstanceOf(PartitionBatch.Commit.class);
  }

  @Test
  void ifMatch_onExpiredEntity_isEntityMissing() {
    storeExpiring("a", NOW.minusSeconds(1));

    assertRejected(
        plan(Write.put("a", props("x", 2), new Precondition.TimestampEquals(STORED_AT))),
        ApplyResult.Rejected.Reason.ENTITY_MISSING);
    assertRejected(
        plan(Write.merge("a", props("x", 2), Precondition.MUST_EXIST)),
        ApplyResult.Rejected.Reason.ENTITY_MISSING);
  }

  @Test
  void delete_ofExpiredEntity_isEntityMissing() {
    storeExpiring("a", NOW.minusSeconds(1));

    assertRejected(
        plan(Write.delete("a", Precondition.NONE)), ApplyResult.Rejected.Reason.ENTITY_MISSING);
  }

  @Test
  void merge_ontoExpiredEntity_mergesOntoNothing() {
    storeExpiring("a", NOW.minusSeconds(1));

    assertThat(storedAfter(Write.merge("a", props("y", 2), Precondition.NONE)))
        .isEqualTo(new Entity(PK, "a", NOW, props("y", 2)));
  }

  @Test
  void entityExpiringLater_isLive() {
    storeExpiring("a", NOW.plusSeconds(1));

    assertRejected(
        plan(Write.put("a", props("x", 2), Precondition.MUST_NOT_EXIST)),
        ApplyResult.Rejected.Reason.ENTITY_EXISTS);
    Entity merged = storedAfter(Write.merge("a", props("y", 2), Precondition.MUST_EXIST));
    assertThat(merged.properties()).containsKeys("x", "y", Expiry.PROPERTY);
  }

  @Test
  void expiredAt_deletesTheExpiredEntityWithThatTimestamp() {
    storeExpiring("a", NOW.minusSeconds(1));

    PartitionBatch.Plan plan = plan(Write.delete("a", new Precondition.ExpiredAt(STORED_AT)));

    assertThat(plan).isInstanceOf(PartitionBatch.Commit.class);
    assertThat(((PartitionBatch.Commit) plan).changes())
        .containsExactly(new PartitionBatch.Change("a", null, false, rows.get("a")));
  }

  @Test
  void expiredAt_refusesALiveEntity() {
    storeExpiring("a", NOW.plusSeconds(1));

    assertRejected(
        plan(Write.delete("a", new Precondition.ExpiredAt(STORED_AT))),
        ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS);
  }

  @Test
  void expiredAt_refusesAnEntityWithoutExpiry() {
    rows.put("a", new Entity(PK, "a", STORED_AT, props("x", 1)));

    assertRejected(
        plan(Write.delete("a", new Precondition.ExpiredAt(STORED_AT))),
        ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS);
  }

  @Test
  void expiredAt_refusesAnotherTimestamp_theEntityWasRewritten() {
    storeExpiring("a", NOW.minusSeconds(1));

    assertRejected(
        plan(Write.delete("a", new Precondition.ExpiredAt(STORED_AT.minus(Duration.ofHours(1))))),
        ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS);
  }

  @Test
  void expiredAt_onAMissingEntity_isEntityMissing() {
    assertRejected(
        plan(Write.delete("a", new Precondition.ExpiredAt(STORED_AT))),
        ApplyResult.Rejected.Reason.ENTITY_MISSING);
  }

  @Test
  void internalExpiry_isNotCountedAmongThe252Properties() {
    Map<String, EdmValue> full = new LinkedHashMap<>();
    for (int i = 0; i < Limits.MAX_CUSTOM_PROPERTIES; i++) {
      full.putAll(props("p" + i, i));
    }
    full.put(Expiry.PROPERTY, new EdmValue.EdmDateTime(NOW.plusSeconds(60)));

    assertThat(plan(Write.put("a", full, Precondition.NONE)))
        .isInstanceOf(PartitionBatch.Commit.class);
  }

  private PartitionBatch.Plan plan(Write write) {
    return PartitionBatch.plan(
        PK, List.of(write), NOW, rowKey -> Optional.ofNullable(rows.get(rowKey)));
  }

  private Entity storedAfter(Write write) {
    PartitionBatch.Plan plan = plan(write);
    assertThat(plan).isInstanceOf(PartitionBatch.Commit.class);
    return ((PartitionBatch.Commit) plan).changes().get(0).entity();
  }

  private void storeExpiring(String rowKey, Instant expiry) {
    Map<String, EdmValue> properties = new LinkedHashMap<>(props("x", 1));
    properties.put(Expiry.PROPERTY, new EdmValue.EdmDateTime(expiry));
    rows.put(rowKey, new Entity(PK, rowKey, STORED_AT, properties));
  }

  private static void assertRejected(PartitionBatch.Plan plan, ApplyResult.Rejected.Reason reason) {
    assertThat(plan).isInstanceOf(PartitionBatch.Rejection.class);
    assertThat(plan.result()).isEqualTo(new ApplyResult.Rejected(0, reason));
  }

  private static Map<String, EdmValue> props(String name, int value) {
    return Map.of(name, new EdmValue.EdmInt32(value));
  }
}
