package dev.tabula.core.ttl;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Catalog;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StopReason;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.TableNames;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One pass of the time-to-live reclaimer over every table with time-to-live of every served
 * account: scans each table for expired entities in pages of at most {@value #PAGE} (reading only
 * their expiry), and deletes them through the engine's ordinary {@link EntityStore#applyAsync} with
 * {@link Precondition.ExpiredAt}, so a delete never removes an entity rewritten (or made live)
 * since the scan saw it: it is simply refused, and a sweep of several servers at once on a shared
 * Cassandra cluster is harmless. The deletes of one partition go as one batch of at most 100; when
 * the batch is refused (one of them was rewritten), each goes alone. The pass yields the CPU
 * between pages, and waits for each batch before the next, so it never holds more than one page of
 * entities nor more than one write in the engine's queues. Not thread-safe: one pass at a time.
 */
public final class ExpirySweep {
  /** The most entities one scan page holds. */
  static final int PAGE = 1000;

  /** The most deletes in one engine apply, as an entity group transaction holds. */
  static final int BATCH = 100;

  private static final int TABLE_CHUNK = 1000;
  private static final Duration PAGE_BUDGET = Duration.ofSeconds(1);

  private final Catalog catalog;
  private final EntityStore store;
  private final Supplier<? extends Iterable<String>> accounts;
  private final Clock clock;
  private final AtomicLong reclaimed = new AtomicLong();

  /**
   * @param accounts the accounts served now, asked again at each pass
   * @param clock what "now" is: an entity expired at the time its page is scanned is reclaimed
   */
  public ExpirySweep(
      Catalog catalog,
      EntityStore store,
      Supplier<? extends Iterable<String>> accounts,
      Clock clock) {
    this.catalog = Objects.requireNonNull(catalog, "catalog");
    this.store = Objects.requireNonNull(store, "store");
    this.accounts = Objects.requireNonNull(accounts, "accounts");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Entities reclaimed by every pass so far (thread-safe: read by the metrics). */
  public long reclaimed() {
    return reclaimed.get();
  }

  /**
   * Runs one pass over every table with time-to-live.
   *
   * @return the entities this pass reclaimed
   * @throws RuntimeException the first table's failure, once every other table was swept (a failure
   *     to list the tables ends the pass at once); the next pass starts over
   */
  public long run() {
    long before = reclaimed.get();
    @Nullable RuntimeException failure = null;
    for (String account : accounts.get()) {
      @Nullable String cursor = null;
      while (true) {
        List<TableInfo> tables = catalog.listTables(account, cursor, TABLE_CHUNK + 1);
        for (int i = 0; i < Math.min(tables.size(), TABLE_CHUNK); i++) {
          if (stopped()) {
            return reclaimed.get() - before;
          }
          if (tables.get(i).settings().timeToLive().enabled()) {
            failure = sweepOrKeep(tables.get(i), failure);
          }
        }
        if (tables.size() <= TABLE_CHUNK) {
          break;
        }
        cursor = TableNames.canonical(tables.get(TABLE_CHUNK).name());
      }
    }
    if (failure != null) {
      throw failure;
    }
    return reclaimed.get() - before;
  }

  /**
   * Sweeps one table; its failure (a table deleted meanwhile, an engine error) does not keep the
   * pass from the other tables: it is kept, the first one thrown at the end with the others
   * suppressed in it.
   */
  private @Nullable RuntimeException sweepOrKeep(
      TableInfo table, @Nullable RuntimeException earlier) {
    try {
      sweep(table);
      return earlier;
    } catch (RuntimeException e) {
      if (earlier == null) {
        return e;
      }
      earlier.addSuppressed(e);
      return earlier;
    }
  }

  /** Reclaims the expired entities of one table, page by page. */
  void sweep(TableInfo table) {
    KeyRange range = KeyRange.ALL;
    while (true) {
      ScanRequest request =
          new ScanRequest(
              range,
              PAGE,
              System.nanoTime() + PAGE_BUDGET.toNanos(),
              new ExpiredRows(clock.instant()));
      Page page = store.scan(table.id(), request);
      byPartition(page.entities()).forEach((pk, rows) -> delete(table.id(), pk, rows));
      @Nullable EntityKey resume = page.resumeKey();
      if (page.stopReason() == StopReason.SOURCE_EXHAUSTED || resume == null || stopped()) {
        return;
      }
      range = range.resumeAt(resume);
      Thread.yield(); // throttled: the server's own work goes first between pages
    }
  }

  /** Whether the sweeper's thread was asked to stop: the pass ends after its current batch. */
  private static boolean stopped() {
    return Thread.currentThread().isInterrupted();
  }

  private static Map<String, List<Entity>> byPartition(List<Entity> entities) {
    Map<String, List<Entity>> groups = new LinkedHashMap<>();
    for (Entity entity : entities) {
      groups.computeIfAbsent(entity.partitionKey(), pk -> new ArrayList<>()).add(entity);
    }
    return groups;
  }

  private void delete(long tableId, String partitionKey, List<Entity> expired) {
    for (int from = 0; from < expired.size(); from += BATCH) {
      List<Entity> batch = expired.subList(from, Math.min(expired.size(), from + BATCH));
      if (!apply(tableId, partitionKey, batch) && batch.size() > 1) {
        for (Entity one : batch) {
          apply(tableId, partitionKey, List.of(one)); // a rewritten one is refused alone
        }
      }
    }
  }

  /** Deletes {@code batch} if every entity in it is still expired as seen; true if it was. */
  private boolean apply(long tableId, String partitionKey, List<Entity> batch) {
    List<Write> deletes = new ArrayList<>(batch.size());
    for (Entity entity : batch) {
      Precondition seen =
          new Precondition.ExpiredAt(Objects.requireNonNull(entity.timestamp(), "stored"));
      deletes.add(Write.delete(entity.rowKey(), seen));
    }
    ApplyResult result = store.applyAsync(tableId, partitionKey, deletes).join();
    if (result instanceof ApplyResult.Committed) {
      reclaimed.addAndGet(batch.size());
      return true;
    }
    return false;
  }
}
