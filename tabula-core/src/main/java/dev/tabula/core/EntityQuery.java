package dev.tabula.core;

import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StopReason;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.query.QueryPlan;
import dev.tabula.query.QueryRange;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Runs one page of a planned query: reads the plan's ranges in key order from the continuation,
 * keeping what the residual filter accepts, until the page holds {@code limit} entities, the time
 * budget runs out, or the ranges end. The continuation is the next key to read: inside the current
 * range, or the first key of the next one, so entities a filter skipped are never read again. Like
 * the service's, a page may be empty and still carry a continuation (the time budget ran out, or
 * the page ended exactly at the end of a range). A page also ends once its entities reach {@code
 * maxBytes} (see {@link EntityService#PAGE_BYTES}). Thread-safe.
 */
final class EntityQuery {
  private final EntityStore store;
  private final QueryCounters counters;
  private final long maxBytes;

  EntityQuery(EntityStore store, QueryCounters counters, long maxBytes) {
    this.store = store;
    this.counters = counters;
    this.maxBytes = maxBytes;
  }

  /**
   * One page.
   *
   * @param from the continuation of the previous page, or null for the first page
   * @param limit the most entities in the page
   * @param deadlineNanos the {@link System#nanoTime()} at which the page ends
   */
  EntityPage page(
      long tableId, QueryPlan plan, @Nullable EntityKey from, int limit, long deadlineNanos) {
    RowFilter residual = ScanTranslation.rowFilter(plan.rowResidual());
    return page(tableId, plan, residual, from, limit, deadlineNanos);
  }

  /**
   * One page whose rows {@code residual} decides (the plan's residual with more conditions, such as
   * the time-to-live's, wrapped around it).
   */
  EntityPage page(
      long tableId,
      QueryPlan plan,
      RowFilter residual,
      @Nullable EntityKey from,
      int limit,
      long deadlineNanos) {
    List<QueryRange> ranges = plan.rangesFrom(from);
    List<Entity> kept = new ArrayList<>();
    long scanned = 0;
    long keptBytes = 0;
    @Nullable EntityKey next = null;
    for (int i = 0; i < ranges.size(); i++) {
      if (kept.size() == limit || keptBytes >= maxBytes || System.nanoTime() - deadlineNanos >= 0) {
        next = QueryPlan.firstKeyOf(ranges.get(i));
        break;
      }
      ScanRequest request =
          new ScanRequest(
              ScanTranslation.range(ranges.get(i)),
              limit - kept.size(),
              deadlineNanos,
              residual,
              maxBytes - keptBytes);
      Page page = store.scan(tableId, request);
      kept.addAll(page.entities());
      scanned += page.scanned();
      if (page.stopReason() != StopReason.SOURCE_EXHAUSTED) {
        next = page.resumeKey();
        break;
      }
      keptBytes += page.keptBytes();
    }
    counters.record(plan.description(), scanned, kept.size());
    return new EntityPage(kept, next, scanned, plan.description(), plan.partitionKey());
  }
}
