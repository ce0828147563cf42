package dev.tabula.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.Limits;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PartitionBatchTest {
  private static final String PK = "pk";
  private static final Instant STORED_AT = Instant.parse("2024-01-01T00:00:00Z");
  private static final Instant NOW = Instant.parse("2024-01-02T00:00:00Z");

  /** The fake engine state: row key to stored entity. */
  private final Map<String, Entity> rows = new HashMap<>();

  private final List<String> lookups = new ArrayList<>();

  @Test
  void put_onMissingRow_storesExactlyItsPropertiesAtCommitTime() {
    Write put = Write.put("a", props("x", 1), Precondition.MUST_NOT_EXIST);

    PartitionBatch.Commit commit = committed(plan(put));

    Entity expected = new Entity(PK, "a", NOW, props("x", 1));
    assertThat(commit.result()).isEqualTo(new ApplyResult.Committed(NOW, List.of(expected)));
    assertThat(commit.changes()).containsExactly(new PartitionBatch.Change("a", expected));
  }

  @Test
  void put_replacesPropertiesNotInRequest() {
    store("a", props("x", 1));

    assertThat(storedAfter(Write.put("a", props("y", 2), Precondition.NONE)))
        .isEqualTo(new Entity(PK, "a", NOW, props("y", 2)));
  }

  @Test
  void merge_keepsPropertiesNotInRequest() {
    store("a", props("x", 1));

    Map<String, EdmValue> both = new LinkedHashMap<>(props("x", 1));
    both.putAll(props("y", 2));
    assertThat(storedAfter(Write.merge("a", props("y", 2), Precondition.MUST_EXIST)))
        .isEqualTo(new Entity(PK, "a", NOW, both));
  }

  @Test
  void merge_ontoNothing_storesItsProperties() {
    assertThat(storedAfter(Write.merge("a", props("y", 2), Precondition.NONE)))
        .isEqualTo(new Entity(PK, "a", NOW, props("y", 2)));
  }

  @Test
  void delete_ofStoredRow_isADeletion() {
    store("a", props("x", 1));

    PartitionBatch.Commit commit = committed(plan(Write.delete("a", Precondition.NONE)));

    assertThat(commit.result().entities()).containsExactly((Entity) null);
    // The stored entity travels with the change, so an engine can remove its index entries.
    assertThat(commit.changes())
        .containsExactly(new PartitionBatch.Change("a", null, true, rows.get("a")));
    assertThat(commit.changes().get(0).isDeletion()).isTrue();
  }

  @Test
  void insert_ontoStoredRow_isRejectedWithEntityAlreadyExists() {
    store("a", props("x", 1));

    assertRejected(
        plan(Write.put("a", props("x", 2), Precondition.MUST_NOT_EXIST)),
        0,
        ApplyResult.Rejected.Reason.ENTITY_EXISTS);
  }

  @Test
  void missingRow_isResourceNotFound_forDeleteMustExistAndTimestamp() {
    assertRejected(
        plan(Write.delete("a", Precondition.NONE)), 0, ApplyResult.Rejected.Reason.ENTITY_MISSING);
    assertRejected(
        plan(Write.merge("a", props("x", 1), Precondition.MUST_EXIST)),
        0,
        ApplyResult.Rejected.Reason.ENTITY_MISSING);
    assertRejected(
        plan(Write.put("a", props("x", 1), new Precondition.TimestampEquals(NOW))),
        0,
        ApplyResult.Rejected.Reason.ENTITY_MISSING);
  }

  @Test
  void timestampEquals_appliesOnlyToThatVersion() {
    store("a", props("x", 1));

    assertRejected(
        plan(Write.delete("a", new Precondition.TimestampEquals(NOW))),
        0,
        ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS);
    assertThat(plan(Write.delete("a", new Precondition.TimestampEquals(STORED_AT))))
        .isInstanceOf(PartitionBatch.Commit.class);
  }

  @Test
  void mergeBreakingPropertyLimit_isRejectedWithItsCode() {
    Map<String, EdmValue> full = new LinkedHashMap<>();
    for (int i = 0; i < Limits.MAX_CUSTOM_PROPERTIES; i++) {
      full.putAll(props("p" + i, i));
    }
    store("a", full);

    assertRejected(
        plan(Write.merge("a", props("extra", 1), Precondition.NONE)),
        0,
        ApplyResult.Rejected.Reason.TOO_MANY_PROPERTIES);
  }

  @Test
  void rejection_namesTheFirstFailingWrite_andStopsThere() {
    store("b", props("x", 1));

    PartitionBatch.Plan plan =
        plan(
            Write.put("a", props("x", 1), Precondition.MUST_NOT_EXIST),
            Write.put("b", props("x", 2), Precondition.MUST_NOT_EXIST),
            Write.delete("c", Precondition.NONE));

    assertRejected(plan, 1, ApplyResult.Rejected.Reason.ENTITY_EXISTS);
    assertThat(lookups).containsExactly("a", "b");
  }

  @Test
  void laterWrite_seesStateLeftByEarlierWrite_notTheStoredOne() {
    store("a", props("x", 1));

    PartitionBatch.Commit commit =
        committed(
            plan(
                Write.delete("a", Precondition.NONE),
                Write.put("a", props("y", 2), Precondition.MUST_NOT_EXIST),
                Write.merge("b", props("z", 3), Precondition.NONE)));

    assertThat(lookups).containsExactly("a", "b");
    assertThat(commit.result().entities()).hasSize(3);
    assertThat(commit.changes())
        .containsExactly(
            new PartitionBatch.Change(
                "a", new Entity(PK, "a", NOW, props("y", 2)), true, rows.get("a")),
            new PartitionBatch.Change("b", new Entity(PK, "b", NOW, props("z", 3))));
  }

  @Test
  void plan_passesTheEnginesReadFailureThrough() {
    PartitionBatch.StoredRows<IOException> broken =
        rowKey -> {
          throw new IOException("disk");
        };

    assertThatThrownBy(
            () ->
                PartitionBatch.plan(PK, List.of(Write.delete("a", Precondition.NONE)), NOW, broken))
        .isInstanceOf(IOException.class);
  }

  private PartitionBatch.Plan plan(Write... writes) {
    lookups.clear();
    return PartitionBatch.plan(
        PK,
        List.of(writes),
        NOW,
        rowKey -> {
          lookups.add(rowKey);
          return Optional.ofNullable(rows.get(rowKey));
        });
  }

  /** The entity a one-write batch leaves at its row key. */
  private Entity storedAfter(Write write) {
    return committed(plan(write)).changes().get(0).entity();
  }

  private void store(String rowKey, Map<String, EdmValue> properties) {
    rows.put(rowKey, new Entity(PK, rowKey, STORED_AT, properties));
  }

  private static PartitionBatch.Commit committed(PartitionBatch.Plan plan) {
    assertThat(plan).isInstanceOf(PartitionBatch.Commit.class);
    return (PartitionBatch.Commit) plan;
  }

  private static void assertRejected(
      PartitionBatch.Plan plan, int index, ApplyResult.Rejected.Reason reason) {
    assertThat(plan).isInstanceOf(PartitionBatch.Rejection.class);
    assertThat(plan.result()).isEqualTo(new ApplyResult.Rejected(index, reason));
  }

  private static Map<String, EdmValue> props(String name, int value) {
    return Map.of(name, new EdmValue.EdmInt32(value));
  }
}
