package dev.tabula.core.ttl;

import dev.tabula.engine.RowFilter;
import dev.tabula.model.Expiry;
import java.time.Instant;
import java.util.Set;

/**
 * The sweeper's scan filter: keeps the rows whose expiry is at or before a moment, reading only the
 * expiry (an engine that decodes lazily decodes nothing else of a live row). Immutable.
 */
record ExpiredRows(Instant now) implements RowFilter {
  private static final Set<String> READS = Set.of(Expiry.PROPERTY);

  @Override
  public Set<String> properties() {
    return READS;
  }

  @Override
  public boolean test(Row row) {
    return Expiry.isExpired(row.property(Expiry.PROPERTY), now);
  }
}
