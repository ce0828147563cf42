package dev.tabula.core;

/**
 * Running totals of Query Entities pages: how many entities queries read versus returned, overall
 * and per plan shape. The ratio tells whether queries use their keys. The server exports them on
 * its admin port as counters per plan (docs/monitoring.md), read when scraped. Thread-safe.
 */
public interface QueryStats {

  /** Pages answered. */
  long pages();

  /** Entities read, including those a filter rejected. */
  long scanned();

  /** Entities returned to clients. */
  long returned();

  /** Entities read by pages of plans with this description ({@code point}, {@code scan}, ...). */
  long scanned(String plan);

  /** Entities returned by pages of plans with this description. */
  long returned(String plan);
}
