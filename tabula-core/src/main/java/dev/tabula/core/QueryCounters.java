package dev.tabula.core;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The {@link QueryStats} of one service, as lock-free counters. Thread-safe. */
final class QueryCounters implements QueryStats {
  private final LongAdder pages = new LongAdder();
  private final LongAdder scanned = new LongAdder();
  private final LongAdder returned = new LongAdder();
  private final Map<String, LongAdder[]> byPlan = new ConcurrentHashMap<>();

  /** Counts one page. */
  void record(String plan, long scannedEntities, long returnedEntities) {
    pages.increment();
    scanned.add(scannedEntities);
    returned.add(returnedEntities);
    // "union(n)" counts under "union", "index(name)" under "index", a noted plan such as "scan
    // (index x declined: ...)" under its shape, so the map stays small.
    int end = plan.indexOf('(');
    String shape = (end < 0 ? plan : plan.substring(0, end)).strip();
    LongAdder[] counters =
        byPlan.computeIfAbsent(shape, k -> new LongAdder[] {new LongAdder(), new LongAdder()});
    counters[0].add(scannedEntities);
    counters[1].add(returnedEntities);
  }

  @Override
  public long pages() {
    return pages.sum();
  }

  @Override
  public long scanned() {
    return scanned.sum();
  }

  @Override
  public long returned() {
    return returned.sum();
  }

  @Override
  public long scanned(String plan) {
    LongAdder[] counters = byPlan.get(plan);
    return counters == null ? 0 : counters[0].sum();
  }

  @Override
  public long returned(String plan) {
    LongAdder[] counters = byPlan.get(plan);
    return counters == null ? 0 : counters[1].sum();
  }
}
