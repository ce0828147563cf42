package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.index.IndexEntries;
import dev.tabula.model.Entity;
import dev.tabula.model.IndexDefinition;
import java.time.Duration;
import java.util.function.BiPredicate;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * {@link EntityStore#buildIndex} on Cassandra: waits {@link #GRACE_REQUEST_TIMEOUTS} driver request
 * timeouts, so that writes which looked the table up before the index was declared (and so do not
 * maintain it) have finished, then scans every entity in pages of {@value #PAGE} and puts its entry
 * (idempotent puts, so a build cut short is simply run again). An entry put here for a value a
 * concurrent write is replacing is stale at worst, which reads check.
 *
 * <p>The window it leaves: a write that looked the table up before the settings changed and commits
 * more than the grace later (a write whose several requests each ran close to the timeout) can
 * commit after the scan passed its row, and its entity then lacks the entry. Thread-safe.
 */
final class CassandraIndexBuild {
  /** How many driver request timeouts the build waits before it scans. */
  static final int GRACE_REQUEST_TIMEOUTS = 1;

  /** Entities a build reads per scan page. */
  static final int PAGE = 1_000;

  private static final long NO_DEADLINE_NANOS = Duration.ofDays(1).toNanos();

  private final EntityStore store;
  private final CassandraIndexEntries entries;
  private final Duration grace;
  private final LongSupplier ticks;

  /**
   * @param ticks a time from the engine's commit clock, in ticks, for the entries' timestamps
   */
  CassandraIndexBuild(
      CqlSession session, EntityStore store, CassandraIndexEntries entries, LongSupplier ticks) {
    this.store = store;
    this.entries = entries;
    this.ticks = ticks;
    this.grace =
        session
            .getContext()
            .getConfig()
            .getDefaultProfile()
            .getDuration(DefaultDriverOption.REQUEST_TIMEOUT)
            .multipliedBy(GRACE_REQUEST_TIMEOUTS);
  }

  /**
   * Builds {@code index} of {@code table}; does nothing once {@code listed} says the table no
   * longer lists the index (the table or the index was dropped).
   */
  void build(TableInfo table, IndexDefinition index, BiPredicate<TableInfo, IndexDefinition> listed)
      throws InterruptedException {
    Thread.sleep(grace.toMillis()); // waits for writers, not for a condition this could poll
    if (!listed.test(table, index)) {
      return;
    }
    long at = ticks.getAsLong(); // later than every commit this engine made before
    KeyRange range = KeyRange.ALL;
    while (true) {
      Page page = store.scan(table.id(), ScanRequest.of(range, PAGE, NO_DEADLINE_NANOS));
      for (Entity entity : page.entities()) {
        byte @Nullable [] entry = IndexEntries.entryOf(entity, index);
        if (entry != null) {
          entries.put(table.id(), index.id(), entry, at);
        }
      }
      if (page.resumeKey() == null) {
        return;
      }
      range = KeyRange.ALL.resumeAt(page.resumeKey());
    }
  }
}
