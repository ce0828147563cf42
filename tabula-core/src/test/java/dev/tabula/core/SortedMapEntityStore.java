package dev.tabula.core;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/** A fake store of one table in a sorted map: scans follow the {@link EntityStore} contract. */
final class SortedMapEntityStore implements EntityStore {
  final TreeMap<EntityKey, Entity> rows = new TreeMap<>();

  void put(String pk, String rk, boolean flag) {
    Map<String, EdmValue> properties = Map.of("Flag", new EdmValue.EdmBoolean(flag));
    rows.put(new EntityKey(pk, rk), Entity.unsaved(pk, rk, properties));
  }

  @Override
  public Optional<Entity> read(long tableId, EntityKey key) {
    return Optional.ofNullable(rows.get(key));
  }

  @Override
  public Page scan(long tableId, ScanRequest request) {
    List<Entity> kept = new ArrayList<>();
    long scanned = 0;
    long keptBytes = 0;
    for (Entity entity : rows.values()) {
      if (!request.range().contains(entity.key())) {
        continue;
      }
      if (request.full(kept.size(), keptBytes)) {
        return new Page(kept, entity.key(), StopReason.RETURN_LIMIT_REACHED, scanned, keptBytes);
      }
      if (System.nanoTime() - request.deadlineNanos() >= 0) {
        return new Page(kept, entity.key(), StopReason.TIME_LIMIT_REACHED, scanned, keptBytes);
      }
      scanned++;
      if (request.filter().test(RowFilter.Row.of(entity))) {
        kept.add(entity);
        keptBytes += request.sizeOf(entity);
      }
    }
    return new Page(kept, null, StopReason.SOURCE_EXHAUSTED, scanned, keptBytes);
  }

  @Override
  public CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    throw new UnsupportedOperationException();
  }
}
