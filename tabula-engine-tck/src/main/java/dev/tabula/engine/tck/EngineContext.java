package dev.tabula.engine.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.Stages;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * What every contract test works with: the engine under test, a way to reopen it, its wall clock,
 * and shorthand for the calls the tests make. {@link StorageEngineContract} implements it.
 */
public interface EngineContext {
  /** The account most tests use. */
  String ACCOUNT = "devstoreaccount1";

  /** A budget no test scan should reach. */
  long NO_DEADLINE_NANOS = TimeUnit.MINUTES.toNanos(5);

  /** The engine under test, open. */
  StorageEngine engine();

  /** Closes the engine and opens a new one on the same directory and wall clock. */
  void reopen();

  /** The wall clock the engine's commit clock reads. */
  SettableClock wallClock();

  default Catalog catalog() {
    return engine().catalog();
  }

  default EntityStore store() {
    return engine().entities();
  }

  /** Creates a table with a fresh random name in {@link #ACCOUNT}. */
  default TableInfo newTable() {
    String name = "t" + UUID.randomUUID().toString().replace("-", "");
    return catalog().createTable(ACCOUNT, name).orElseThrow();
  }

  /** Applies writes and waits for their result, or throws what the apply failed with. */
  default ApplyResult apply(TableInfo table, String partitionKey, Write... writes) {
    return Stages.join(store().applyAsync(table.id(), partitionKey, List.of(writes)));
  }

  /** Applies writes that must commit, and returns the commit. */
  default ApplyResult.Committed commit(TableInfo table, String partitionKey, Write... writes) {
    ApplyResult result = apply(table, partitionKey, writes);
    assertThat(result).isInstanceOf(ApplyResult.Committed.class);
    return (ApplyResult.Committed) result;
  }

  /** Inserts one entity that must not exist yet, and returns it as stored. */
  default Entity insert(
      TableInfo table, String partitionKey, String rowKey, Map<String, EdmValue> properties) {
    Write write = Write.put(rowKey, properties, dev.tabula.engine.Precondition.MUST_NOT_EXIST);
    return commit(table, partitionKey, write).entities().get(0);
  }

  default Optional<Entity> read(TableInfo table, String partitionKey, String rowKey) {
    return store().read(table.id(), new EntityKey(partitionKey, rowKey));
  }

  /** A scan of {@code range} with room for {@code limit} entities and no practical deadline. */
  default ScanRequest request(KeyRange range, int limit) {
    return ScanRequest.of(range, limit, NO_DEADLINE_NANOS);
  }

  /**
   * Scans a range to its end in pages of {@code limit}, following resume keys, and checks each
   * page's own promises on the way: at most {@code limit} entities, a resume key exactly when the
   * page stopped early, and a full page whenever the stop reason says so.
   */
  default List<Entity> scanAll(long tableId, KeyRange range, int limit) {
    List<Entity> all = new ArrayList<>();
    KeyRange next = range;
    for (int pages = 0; pages < 100_000; pages++) {
      Page page = store().scan(tableId, request(next, limit));
      assertThat(page.entities()).hasSizeLessThanOrEqualTo(limit);
      all.addAll(page.entities());
      if (page.stopReason() == StopReason.SOURCE_EXHAUSTED) {
        return all;
      }
      assertThat(page.stopReason()).isEqualTo(StopReason.RETURN_LIMIT_REACHED);
      assertThat(page.entities()).hasSize(limit);
      assertThat(page.resumeKey()).isGreaterThan(page.entities().get(limit - 1).key());
      next = range.resumeAt(page.resumeKey());
    }
    throw new AssertionError("the scan never ended");
  }

  /** The keys of entities, in their order. */
  default List<EntityKey> keys(List<Entity> entities) {
    return entities.stream().map(Entity::key).toList();
  }
}
