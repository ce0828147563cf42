package dev.tabula.tools.transfer;

import java.util.List;

/**
 * Consecutive rows of one partition, sent together as one entity group transaction.
 *
 * @param rows the rows, in source order (at most 100, no two with the same keys)
 */
record Transaction(List<Row> rows) {
  Transaction {
    rows = List.copyOf(rows);
  }

  /** The source number of the first row. */
  long first() {
    return rows.get(0).number();
  }

  /** The source number of the last row. */
  long last() {
    return rows.get(rows.size() - 1).number();
  }
}
