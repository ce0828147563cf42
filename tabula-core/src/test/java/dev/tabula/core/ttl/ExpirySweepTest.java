package dev.tabula.core.ttl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.Expiry;
import dev.tabula.model.TableSettings;
import dev.tabula.model.TimeToLive;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reclaimer over the in-memory engine, read raw (the engine's own store, with no core filter):
 * expired entities of tables with time-to-live are physically deleted, live ones, ones rewritten
 * between the scan and the delete, and every entity of a table without time-to-live stay. Broken
 * once: with the sweep's delete sent with {@code Precondition.NONE} (which the planner refuses on
 * an expired entity, as missing), the three reclaim tests failed; with the planner's {@code
 * ExpiredAt} passing on any stored entity, the rewritten-entity test failed (the rewrite was
 * deleted); with a table's failure thrown at once, the failing-table test failed (the table listed
 * after it was not swept).
 */
class ExpirySweepTest {
  private static final String ACCOUNT = "devstoreaccount1";
  private static final Instant PAST = Instant.parse("2020-01-01T00:00:00Z");
  private static final Instant FUTURE = Instant.parse("2999-01-01T00:00:00Z");

  private final MemoryStorageEngine engine = new MemoryStorageEngine();

  @AfterEach
  void close() {
    engine.close();
  }

  private TableInfo table(String name, TimeToLive ttl) {
    engine.catalog().createTable(ACCOUNT, name);
    engine.catalog().setTableSettings(ACCOUNT, name, TableSettings.NONE.withTimeToLive(ttl));
    return engine.catalog().findTable(ACCOUNT, name).orElseThrow();
  }

  private void put(TableInfo table, String pk, String rk, Instant expiry) {
    Map<String, EdmValue> properties = new HashMap<>();
    properties.put("n", new EdmValue.EdmInt32(1));
    properties.put(Expiry.PROPERTY, new EdmValue.EdmDateTime(expiry));
    ApplyResult result =
        engine
            .entities()
            .applyAsync(table.id(), pk, List.of(Write.put(rk, properties, Precondition.NONE)))
            .join();
    assertThat(result).isInstanceOf(ApplyResult.Committed.class);
  }

  private Optional<Entity> raw(TableInfo table, String pk, String rk) {
    return engine.entities().read(table.id(), new EntityKey(pk, rk));
  }

  private ExpirySweep sweep(EntityStore store) {
    return new ExpirySweep(engine.catalog(), store, () -> List.of(ACCOUNT), Clock.systemUTC());
  }

  @Test
  void expiredEntities_areDeletedFromTheEngine_liveOnesStay() {
    TableInfo table = table("expiring", TimeToLive.withoutDefault());
    put(table, "a", "old", PAST);
    put(table, "a", "new", FUTURE);
    put(table, "b", "old", PAST);
    ExpirySweep sweep = sweep(engine.entities());

    assertThat(sweep.run()).isEqualTo(2);

    assertThat(raw(table, "a", "old")).isEmpty();
    assertThat(raw(table, "b", "old")).isEmpty();
    assertThat(raw(table, "a", "new")).isPresent();
    assertThat(sweep.reclaimed()).isEqualTo(2);
    assertThat(sweep.run()).isZero();
  }

  @Test
  void manyExpiredEntities_acrossPagesAndBatches_areAllReclaimed() {
    TableInfo table = table("many", TimeToLive.withoutDefault());
    for (int i = 0; i < 2 * ExpirySweep.PAGE + 5; i++) {
      put(table, "p" + (i % 3), String.format("r%05d", i), PAST);
    }

    assertThat(sweep(engine.entities()).run()).isEqualTo(2 * ExpirySweep.PAGE + 5);
  }

  @Test
  void tableWithoutTimeToLive_isNotSwept() {
    TableInfo table = table("plain", TimeToLive.OFF);
    put(table, "a", "old", PAST);

    assertThat(sweep(engine.entities()).run()).isZero();
    assertThat(raw(table, "a", "old")).isPresent();
  }

  @Test
  void entityRewrittenAfterTheScan_survives_othersOfItsBatchAreStillReclaimed() {
    TableInfo table = table("racing", TimeToLive.withoutDefault());
    put(table, "a", "rewritten", PAST);
    put(table, "a", "old", PAST);
    EntityStore rewritingAfterScan =
        new ForwardingStore(engine.entities()) {
          @Override
          public Page scan(long tableId, ScanRequest request) {
            Page page = super.scan(tableId, request);
            put(table, "a", "rewritten", FUTURE); // a client's write lands between scan and delete
            return page;
          }
        };

    assertThat(sweep(rewritingAfterScan).run()).isEqualTo(1);

    assertThat(raw(table, "a", "old")).isEmpty();
    Entity survivor = raw(table, "a", "rewritten").orElseThrow();
    assertThat(Expiry.of(survivor.properties())).isEqualTo(FUTURE);
  }

  @Test
  void aFailingTable_doesNotKeepThePassFromTheOthers_andIsReportedAtTheEnd() {
    TableInfo broken = table("abroken", TimeToLive.withoutDefault());
    TableInfo other = table("other", TimeToLive.withoutDefault());
    put(broken, "a", "old", PAST);
    put(other, "a", "old", PAST);
    EntityStore failingOnOne =
        new ForwardingStore(engine.entities()) {
          @Override
          public Page scan(long tableId, ScanRequest request) {
            if (tableId == broken.id()) {
              throw new IllegalStateException("disk");
            }
            return super.scan(tableId, request);
          }
        };

    assertThatThrownBy(() -> sweep(failingOnOne).run()).hasMessage("disk");

    assertThat(raw(other, "a", "old")).isEmpty();
    assertThat(raw(broken, "a", "old")).isPresent();
  }

  /** An entity store that forwards everything to another. */
  private static class ForwardingStore implements EntityStore {
    private final EntityStore store;

    ForwardingStore(EntityStore store) {
      this.store = store;
    }

    @Override
    public Optional<Entity> read(long tableId, EntityKey key) {
      return store.read(tableId, key);
    }

    @Override
    public Page scan(long tableId, ScanRequest request) {
      return store.scan(tableId, request);
    }

    @Override
    public CompletableFuture<ApplyResult> applyAsync(
        long tableId, String partitionKey, List<Write> writes) {
      return store.applyAsync(tableId, partitionKey, writes);
    }
  }
}
