package dev.tabula.core;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The id each table had the last time this server looked it up: a hint that lets a point read start
 * before its table's lookup has answered ({@link OverlappedPointRead}). Never an answer by itself:
 * what is read on a remembered id is used only when the lookup returns that same id. Thread-safe
 * and bounded: past {@link #LIMIT} tables it forgets them all, which costs one sequential lookup
 * and read for each table read again.
 */
final class RecentTableIds {
  static final int LIMIT = 10_000;

  private final ConcurrentHashMap<TableKey, Long> ids = new ConcurrentHashMap<>();

  /** The id the named table (any case) had when last looked up, if this server remembers it. */
  OptionalLong idOf(String account, String table) {
    Long id = ids.get(TableKey.of(account, table));
    return id == null ? OptionalLong.empty() : OptionalLong.of(id);
  }

  /** Remembers that the named table's lookup answered {@code id}. */
  void saw(String account, String table, long id) {
    if (ids.size() >= LIMIT) {
      ids.clear();
    }
    ids.put(TableKey.of(account, table), id);
  }

  /** Forgets the named table: its lookup found none, or failed. */
  void forget(String account, String table) {
    ids.remove(TableKey.of(account, table));
  }
}
