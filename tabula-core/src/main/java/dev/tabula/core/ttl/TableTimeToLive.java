package dev.tabula.core.ttl;

import dev.tabula.engine.TableInfo;

/** A table's time-to-live settings as the writes apply them. */
public final class TableTimeToLive {
  private TableTimeToLive() {}

  /** The expiry rules of writes to {@code table}. */
  public static ExpiryWrites of(TableInfo table) {
    return ExpiryWrites.OFF; // until the table's settings (issue 24 ground) are on this branch
  }
}
