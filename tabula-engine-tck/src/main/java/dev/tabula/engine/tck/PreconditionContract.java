package dev.tabula.engine.tck;

import static dev.tabula.engine.ApplyResult.Rejected.Reason.ENTITY_EXISTS;
import static dev.tabula.engine.ApplyResult.Rejected.Reason.ENTITY_MISSING;
import static dev.tabula.engine.ApplyResult.Rejected.Reason.ENTITY_TOO_LARGE;
import static dev.tabula.engine.ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS;
import static dev.tabula.engine.ApplyResult.Rejected.Reason.TOO_MANY_PROPERTIES;
import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.ApplyResult.Rejected;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.Limits;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Preconditions, limits on merged entities, and all-or-nothing: a rejected apply leaves no trace.
 */
public interface PreconditionContract extends EngineContext {

  @Test
  default void mustNotExist_onExistingEntity_isRejectedWithEntityAlreadyExists() {
    TableInfo table = newTable();
    Entity existing = insert(table, "p", "r", props("v", 1));

    Write write = Write.put("r", props("v", 2), Precondition.MUST_NOT_EXIST);

    assertThat(apply(table, "p", write)).isEqualTo(new Rejected(0, ENTITY_EXISTS));
    assertThat(read(table, "p", "r")).contains(existing);
  }

  @ParameterizedTest
  @EnumSource(Write.Kind.class)
  default void mustExist_onMissingEntity_isRejectedWithResourceNotFound(Write.Kind kind) {
    TableInfo table = newTable();

    Write write = write(kind, "r", Precondition.MUST_EXIST);

    assertThat(apply(table, "p", write)).isEqualTo(new Rejected(0, ENTITY_MISSING));
    assertThat(read(table, "p", "r")).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Write.Kind.class)
  default void mustExist_onExistingEntity_applies(Write.Kind kind) {
    TableInfo table = newTable();
    insert(table, "p", "r", props("v", 1));

    commit(table, "p", write(kind, "r", Precondition.MUST_EXIST));

    assertThat(read(table, "p", "r").isPresent()).isEqualTo(kind != Write.Kind.DELETE);
  }

  @ParameterizedTest
  @EnumSource(Write.Kind.class)
  default void timestampEquals_onMissingEntity_isRejectedWithResourceNotFound(Write.Kind kind) {
    TableInfo table = newTable();
    Instant someTime = Instant.parse("2020-01-01T00:00:00Z");

    Write write = write(kind, "r", new Precondition.TimestampEquals(someTime));

    assertThat(apply(table, "p", write)).isEqualTo(new Rejected(0, ENTITY_MISSING));
  }

  @ParameterizedTest
  @EnumSource(Write.Kind.class)
  default void timestampEquals_onOtherTimestamp_isRejectedWithUpdateConditionNotSatisfied(
      Write.Kind kind) {
    TableInfo table = newTable();
    Entity stale = insert(table, "p", "r", props("v", 1));
    Entity current =
        commit(table, "p", Write.put("r", props("v", 2), Precondition.NONE)).entities().get(0);

    Write write = write(kind, "r", new Precondition.TimestampEquals(stale.timestamp()));

    assertThat(apply(table, "p", write)).isEqualTo(new Rejected(0, TIMESTAMP_DIFFERS));
    assertThat(read(table, "p", "r")).contains(current);
  }

  @ParameterizedTest
  @EnumSource(Write.Kind.class)
  default void timestampEquals_onCurrentTimestamp_applies(Write.Kind kind) {
    TableInfo table = newTable();
    Entity current = insert(table, "p", "r", props("v", 1));

    commit(table, "p", write(kind, "r", new Precondition.TimestampEquals(current.timestamp())));

    assertThat(read(table, "p", "r").isPresent()).isEqualTo(kind != Write.Kind.DELETE);
  }

  @Test
  default void none_onExistingOrMissingEntity_upserts() {
    TableInfo table = newTable();
    insert(table, "p", "old", props("v", 1));

    commit(
        table,
        "p",
        Write.put("old", props("v", 2), Precondition.NONE),
        Write.put("new", props("v", 3), Precondition.NONE));

    assertThat(read(table, "p", "old").orElseThrow().properties()).isEqualTo(props("v", 2));
    assertThat(read(table, "p", "new").orElseThrow().properties()).isEqualTo(props("v", 3));
  }

  @Test
  default void deleteWithoutCondition_onMissingEntity_isRejectedWithResourceNotFound() {
    TableInfo table = newTable();

    // The service answers 404 ResourceNotFound to deleting an entity that is not there.
    assertThat(apply(table, "p", Write.delete("r", Precondition.NONE)))
        .isEqualTo(new Rejected(0, ENTITY_MISSING));
  }

  @Test
  default void preconditions_seeTheWritesBeforeThemInTheSameApply() {
    TableInfo table = newTable();
    insert(table, "p", "gone", props("v", 1));

    commit(
        table,
        "p",
        Write.put("x", props("a", 1), Precondition.MUST_NOT_EXIST),
        Write.merge("x", props("b", 2), Precondition.MUST_EXIST),
        Write.delete("gone", Precondition.MUST_EXIST),
        Write.put("gone", props("back", true), Precondition.MUST_NOT_EXIST));

    assertThat(read(table, "p", "x").orElseThrow().properties()).isEqualTo(props("a", 1, "b", 2));
    assertThat(read(table, "p", "gone").orElseThrow().properties()).isEqualTo(props("back", true));
    assertThat(
            apply(
                table,
                "p",
                Write.put("y", props(), Precondition.MUST_NOT_EXIST),
                Write.put("y", props(), Precondition.MUST_NOT_EXIST)))
        .isEqualTo(new Rejected(1, ENTITY_EXISTS));
  }

  @Test
  default void rejectedWrite_leavesNothingOfTheWritesBeforeIt() {
    TableInfo table = newTable();
    Entity changed = insert(table, "p", "changed", props("v", 1));
    Entity deleted = insert(table, "p", "deleted", props("v", 1));

    Object result =
        apply(
            table,
            "p",
            Write.put("added", props("v", 1), Precondition.MUST_NOT_EXIST),
            Write.merge("changed", props("v", 2), Precondition.MUST_EXIST),
            Write.delete("deleted", Precondition.NONE),
            Write.put("missing", props("v", 1), Precondition.MUST_EXIST),
            Write.put("later", props("v", 1), Precondition.NONE));

    assertThat(result).isEqualTo(new Rejected(3, ENTITY_MISSING));
    assertThat(scanAll(table.id(), KeyRange.ALL, 100)).containsExactly(changed, deleted);
  }

  @Test
  default void mergeOverPropertyLimit_isRejectedWithTooManyProperties_andNothingWritten() {
    TableInfo table = newTable();
    Entity wide = insert(table, "p", "wide", numbered("p", Limits.MAX_CUSTOM_PROPERTIES - 1, 1));

    Object result =
        apply(
            table,
            "p",
            Write.put("other", props("v", 1), Precondition.NONE),
            Write.merge("wide", numbered("q", 2, 1), Precondition.MUST_EXIST));

    assertThat(result).isEqualTo(new Rejected(1, TOO_MANY_PROPERTIES));
    assertThat(read(table, "p", "wide")).contains(wide);
    assertThat(read(table, "p", "other")).isEmpty();
  }

  @Test
  default void mergeOverSizeLimit_isRejectedWithEntityTooLarge_andNothingWritten() {
    TableInfo table = newTable();
    String big = "x".repeat(Limits.MAX_STRING_CHARS);
    Entity heavy = insert(table, "p", "heavy", numbered("a", 10, big));

    Object result =
        apply(
            table,
            "p",
            Write.delete("heavy", Precondition.NONE),
            Write.merge("heavy", numbered("a", 10, big), Precondition.NONE),
            Write.merge("heavy", numbered("b", 10, big), Precondition.MUST_EXIST));

    assertThat(result).isEqualTo(new Rejected(2, ENTITY_TOO_LARGE));
    assertThat(read(table, "p", "heavy")).contains(heavy);
  }

  @Test
  default void mergeWithinLimits_isCommitted() {
    TableInfo table = newTable();
    insert(table, "p", "wide", numbered("p", Limits.MAX_CUSTOM_PROPERTIES - 1, 1));

    commit(table, "p", Write.merge("wide", numbered("q", 1, 1), Precondition.MUST_EXIST));

    assertThat(read(table, "p", "wide").orElseThrow().properties())
        .hasSize(Limits.MAX_CUSTOM_PROPERTIES);
  }

  private static Write write(Write.Kind kind, String rowKey, Precondition precondition) {
    return new Write(
        kind, rowKey, kind == Write.Kind.DELETE ? Map.of() : props("v", 9), precondition);
  }

  private static Map<String, EdmValue> numbered(String prefix, int count, Object value) {
    Map<String, EdmValue> out = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      out.put(prefix + i, TestEntities.value(value));
    }
    return out;
  }
}
