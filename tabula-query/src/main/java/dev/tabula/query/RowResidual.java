package dev.tabula.query;

import java.util.Set;

/**
 * A plan's residual as a scan applies it to each row it reads: the custom properties it reads, so
 * that a store holding rows encoded can decode only those before deciding, and the decision over a
 * row's values. Immutable and thread-safe. Core hands it to an engine as the engine's row filter.
 */
public interface RowResidual {

  /** Keeps every row and reads nothing. */
  RowResidual ALL =
      new RowResidual() {
        @Override
        public Set<String> properties() {
          return Set.of();
        }

        @Override
        public boolean test(PropertySource row) {
          return true;
        }
      };

  /**
   * The names of the custom properties {@link #test} reads; {@code PartitionKey}, {@code RowKey}
   * and {@code Timestamp} are always readable and not named. Never null.
   */
  Set<String> properties();

  /** True when the row, whose values {@code row} gives, belongs in the page. */
  boolean test(PropertySource row);
}
