package dev.tabula.tools.transfer;

import dev.tabula.tools.client.BatchOperation;
import dev.tabula.tools.client.BatchOutcome;
import dev.tabula.tools.client.TableClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Sends one transaction and sees it through: when the service refuses one of its operations (the
 * transaction's answer names it), that row is reported and the rest is sent again without it, until
 * every row is written or reported. A transaction refused as a whole reports each of its rows.
 */
final class TransactionSender {
  private final TableClient client;
  private final String table;
  private final BatchOperation.Kind kind;
  private final Refusals refusals;
  private final EarlierWrites earlierWrites;
  private final long uncertainUpTo;
  private final Runnable failFast;
  private final boolean stopAtRefusal;

  /**
   * What became of a transaction's rows.
   *
   * @param written rows written by this run
   * @param refused rows refused and reported
   * @param alreadyThere rows found written, with the same values, by an earlier attempt
   */
  record Outcome(long written, long refused, long alreadyThere) {}

  /**
   * @param uncertainUpTo rows numbered up to this one may have been written by an interrupted run
   *     this one resumes (0 when not resuming)
   * @param failFast called at the first refused row when {@code stopAtRefusal}
   */
  TransactionSender(
      TableClient client,
      String table,
      BatchOperation.Kind kind,
      Refusals refusals,
      long uncertainUpTo,
      boolean stopAtRefusal,
      Runnable failFast) {
    this.client = client;
    this.table = table;
    this.kind = kind;
    this.refusals = refusals;
    this.earlierWrites = new EarlierWrites(client, table);
    this.uncertainUpTo = uncertainUpTo;
    this.stopAtRefusal = stopAtRefusal;
    this.failFast = failFast;
  }

  Outcome send(Transaction transaction) throws IOException {
    List<Row> remaining = new ArrayList<>(transaction.rows());
    boolean resent = false;
    long refused = 0;
    long alreadyThere = 0;
    while (!remaining.isEmpty()) {
      BatchOutcome outcome = client.submitBatch(table, operations(remaining));
      resent |= outcome.attempts() > 1;
      if (outcome.applied()) {
        return new Outcome(remaining.size(), refused, alreadyThere);
      }
      // A transaction of one operation is that operation, whether the answer names it or not.
      int index = remaining.size() == 1 ? 0 : outcome.failedIndex();
      if (index < 0 || index >= remaining.size()) {
        for (Row row : remaining) {
          refusals.refused(row, outcome);
        }
        refused += remaining.size();
        stopIfAsked();
        break;
      }
      Row failed = remaining.remove(index);
      if (mayBeOwnWrite(failed, outcome, resent) && earlierWrites.isStored(failed)) {
        alreadyThere++;
        continue;
      }
      refusals.refused(failed, outcome);
      refused++;
      if (stopAtRefusal) {
        // Fail-fast: nothing more is sent, not even the rest of this transaction.
        stopIfAsked();
        break;
      }
    }
    return new Outcome(0, refused, alreadyThere);
  }

  private void stopIfAsked() {
    if (stopAtRefusal) {
      failFast.run();
    }
  }

  /**
   * An insert that meets an entity with its keys after this transaction was sent more than once, or
   * in rows an interrupted run may have written.
   */
  private boolean mayBeOwnWrite(Row row, BatchOutcome outcome, boolean resent) {
    return kind == BatchOperation.Kind.INSERT
        && "EntityAlreadyExists".equals(outcome.code())
        && (resent || row.number() <= uncertainUpTo);
  }

  private List<BatchOperation> operations(List<Row> rows) {
    List<BatchOperation> operations = new ArrayList<>(rows.size());
    for (Row row : rows) {
      operations.add(new BatchOperation(kind, row.entity()));
    }
    return operations;
  }
}
