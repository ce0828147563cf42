package dev.tabula.tools.transfer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Groups consecutive rows into entity group transactions, as the service allows them: one
 * partition, at most {@value #MAX_OPERATIONS} operations, a body of at most {@link #MAX_BYTES} (the
 * service's limit is 4 MiB; the estimate leaves room), and never the same entity twice. Rows not
 * grouped by partition still go through, in smaller transactions.
 */
final class TransactionGrouper {
  static final int MAX_OPERATIONS = 100;
  static final int MAX_BYTES = 3 * 1024 * 1024 + 512 * 1024;

  private final List<Row> open = new ArrayList<>(MAX_OPERATIONS);
  private final Set<String> rowKeys = new HashSet<>();
  private long bytes;

  /**
   * Adds a row; returns the transaction it closed (the rows before it, which it cannot join), or
   * null.
   */
  @Nullable Transaction add(Row row) {
    Transaction closed = null;
    if (!open.isEmpty() && !fits(row)) {
      closed = flush();
    }
    open.add(row);
    rowKeys.add(row.entity().rowKey());
    bytes += row.size();
    return closed;
  }

  private boolean fits(Row row) {
    return open.size() < MAX_OPERATIONS
        && bytes + row.size() <= MAX_BYTES
        && open.get(0).entity().partitionKey().equals(row.entity().partitionKey())
        && !rowKeys.contains(row.entity().rowKey());
  }

  /** The open transaction, closed; null when it is empty. */
  @Nullable Transaction flush() {
    if (open.isEmpty()) {
      return null;
    }
    Transaction transaction = new Transaction(open);
    open.clear();
    rowKeys.clear();
    bytes = 0;
    return transaction;
  }

  /** The source number of the open transaction's first row, or -1 when none is open. */
  long openFirst() {
    return open.isEmpty() ? -1 : open.get(0).number();
  }
}
