package dev.tabula.core;

import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.model.EntityKey;
import dev.tabula.query.QueryPlan;
import dev.tabula.query.QueryRange;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Counts the entities a planned query matches, in stretches bounded by time only: the same engine
 * scans as {@link EntityQuery} (so every engine counts, with the residual filter applied where the
 * engine decides rows), read in batches of at most {@code batch} entities and {@code maxBytes}
 * whose entities are dropped as soon as they are counted. Memory is therefore bounded by one batch,
 * not by the count. A stretch ends when the ranges end or the time budget runs out; then its
 * continuation is the next key to read, as a query page's is. Thread-safe.
 */
final class EntityCount {
  private final EntityStore store;
  private final int batch;
  private final long maxBytes;

  EntityCount(EntityStore store, int batch, long maxBytes) {
    this.store = store;
    this.batch = batch;
    this.maxBytes = maxBytes;
  }

  /**
   * One stretch of the count.
   *
   * @param from the continuation of the previous stretch, or null to start
   * @param deadlineNanos the {@link System#nanoTime()} at which the stretch ends
   */
  EntityCountPage count(
      long tableId, QueryPlan plan, @Nullable EntityKey from, long deadlineNanos) {
    return count(tableId, plan, ScanTranslation.rowFilter(plan.rowResidual()), from, deadlineNanos);
  }

  /** One stretch whose rows {@code residual} decides (see {@link EntityQuery}). */
  EntityCountPage count(
      long tableId,
      QueryPlan plan,
      RowFilter residual,
      @Nullable EntityKey from,
      long deadlineNanos) {
    long count = 0;
    long scanned = 0;
    @Nullable EntityKey at = from;
    while (true) {
      List<QueryRange> ranges = plan.rangesFrom(at);
      if (ranges.isEmpty()) {
        return new EntityCountPage(count, null, scanned, plan.description());
      }
      if (System.nanoTime() - deadlineNanos >= 0) {
        return new EntityCountPage(
            count, QueryPlan.firstKeyOf(ranges.get(0)), scanned, plan.description());
      }
      ScanRequest request =
          new ScanRequest(
              ScanTranslation.range(ranges.get(0)), batch, deadlineNanos, residual, maxBytes);
      Page page = store.scan(tableId, request);
      count += page.entities().size();
      scanned += page.scanned();
      switch (page.stopReason()) {
        case SOURCE_EXHAUSTED -> {
          if (ranges.size() == 1) {
            return new EntityCountPage(count, null, scanned, plan.description());
          }
          at = QueryPlan.firstKeyOf(ranges.get(1));
        }
        case RETURN_LIMIT_REACHED -> at = page.resumeKey();
        case TIME_LIMIT_REACHED -> {
          return new EntityCountPage(count, page.resumeKey(), scanned, plan.description());
        }
      }
    }
  }
}
