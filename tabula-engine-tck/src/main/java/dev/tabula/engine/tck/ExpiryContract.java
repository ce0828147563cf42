package dev.tabula.engine.tck;

import static dev.tabula.engine.ApplyResult.Rejected.Reason.ENTITY_EXISTS;
import static dev.tabula.engine.ApplyResult.Rejected.Reason.ENTITY_MISSING;
import static dev.tabula.engine.ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS;
import static dev.tabula.engine.tck.TestEntities.props;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.ApplyResult.Rejected;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.Expiry;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The time-to-live's promise at the engine (docs/extensions.md): an entity whose internal expiry
 * ({@link Expiry#PROPERTY}) is at or before a write's commit time is absent to that write, on every
 * engine (they all plan through {@code PartitionBatch}); {@link Precondition.ExpiredAt} deletes it
 * only while it is expired with the Timestamp named. Engines store and return the expiry like any
 * property: hiding expired entities from reads is core's job. The commit time follows the settable
 * wall clock.
 */
public interface ExpiryContract extends EngineContext {
  Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

  private static Map<String, EdmValue> expiring(Instant at) {
    Map<String, EdmValue> properties = new LinkedHashMap<>(props("v", 1));
    properties.put(Expiry.PROPERTY, new EdmValue.EdmDateTime(at));
    return properties;
  }

  @Test
  default void anEntity_isAbsentToWrites_onceItsExpiryIsPast() {
    TableInfo table = newTable();
    wallClock().set(T0);
    insert(table, "p", "r", expiring(T0.plusSeconds(60)));

    Write insert = Write.put("r", props("v", 2), Precondition.MUST_NOT_EXIST);
    assertThat(apply(table, "p", insert)).isEqualTo(new Rejected(0, ENTITY_EXISTS));

    wallClock().set(T0.plusSeconds(61));
    assertThat(apply(table, "p", Write.delete("r", Precondition.NONE)))
        .isEqualTo(new Rejected(0, ENTITY_MISSING));
    commit(table, "p", insert);
    assertThat(read(table, "p", "r").orElseThrow().properties()).isEqualTo(props("v", 2));
  }

  @Test
  default void expiredEntities_areStoredAndScannedLikeAnyOther() {
    TableInfo table = newTable();
    wallClock().set(T0);
    Entity stored = insert(table, "p", "r", expiring(T0.minusSeconds(1)));

    assertThat(read(table, "p", "r")).contains(stored);
    assertThat(scanAll(table.id(), KeyRange.ALL, 10)).containsExactly(stored);
  }

  @Test
  default void expiredAt_deletesOnlyTheExpiredEntityItNames() {
    TableInfo table = newTable();
    wallClock().set(T0);
    Entity live = insert(table, "p", "live", expiring(T0.plusSeconds(60)));
    Entity gone = insert(table, "p", "gone", expiring(T0.minusSeconds(1)));

    assertThat(
            apply(table, "p", Write.delete("live", new Precondition.ExpiredAt(live.timestamp()))))
        .isEqualTo(new Rejected(0, TIMESTAMP_DIFFERS));
    assertThat(
            apply(table, "p", Write.delete("gone", new Precondition.ExpiredAt(T0.minusSeconds(9)))))
        .isEqualTo(new Rejected(0, TIMESTAMP_DIFFERS));
    commit(table, "p", Write.delete("gone", new Precondition.ExpiredAt(gone.timestamp())));

    assertThat(read(table, "p", "gone")).isEmpty();
    assertThat(read(table, "p", "live")).contains(live);
  }
}
