package dev.tabula.tools.transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * How far a transfer got, in source numbers: every row below {@link Snapshot#doneBelow()} is done
 * (written, or refused and reported), and so are the rows of the completed transactions above it.
 * Transactions complete out of order (several are in flight), so those above the line are at most
 * the ones that finished while an earlier one was still in flight: bounded by the concurrency.
 * Thread-safe.
 */
public final class Checkpoint {
  private final TreeMap<Long, Long> inFlight = new TreeMap<>();
  private final TreeMap<Long, Long> completed = new TreeMap<>();
  private long readBelow;
  private long doneBelow;
  private long written;
  private long refused;
  private long version;

  /**
   * What was done, as saved in a state file.
   *
   * @param doneBelow every row numbered below this is done
   * @param completed the first and last numbers of the transactions done above it
   * @param written the entities written so far
   * @param refused the rows refused so far
   */
  public record Snapshot(long doneBelow, List<long[]> completed, long written, long refused) {

    /** Whether the row numbered {@code number} is done. */
    public boolean isDone(long number) {
      if (number < doneBelow) {
        return true;
      }
      for (long[] range : completed) {
        if (number >= range[0] && number <= range[1]) {
          return true;
        }
      }
      return false;
    }
  }

  /** Starts from nothing, or from a resumed run's snapshot. */
  Checkpoint(Snapshot from) {
    this.doneBelow = from.doneBelow();
    this.readBelow = from.doneBelow();
    for (long[] range : from.completed()) {
      completed.put(range[0], range[1]);
    }
    this.written = from.written();
    this.refused = from.refused();
  }

  /** Nothing done yet. */
  public static Snapshot empty() {
    return new Snapshot(0, List.of(), 0, 0);
  }

  /**
   * Every row numbered below {@code number} has been read and is done, sent, or reported: the next
   * row still waiting in the reader or the open transaction is numbered {@code number} or more.
   */
  synchronized void readBelow(long number) {
    if (number > readBelow) {
      readBelow = number;
      advance();
    }
  }

  synchronized void sent(Transaction transaction) {
    inFlight.put(transaction.first(), transaction.last());
    version++;
  }

  synchronized void done(Transaction transaction, long writtenRows, long refusedRows) {
    inFlight.remove(transaction.first());
    completed.put(transaction.first(), transaction.last());
    written += writtenRows;
    refused += refusedRows;
    advance();
  }

  /** A row reported on its own (unreadable), not part of any transaction. */
  synchronized void refusedAlone() {
    refused++;
    version++;
  }

  private void advance() {
    long line = inFlight.isEmpty() ? readBelow : Math.min(readBelow, inFlight.firstKey());
    doneBelow = Math.max(doneBelow, line);
    completed.headMap(doneBelow, false).clear();
    version++;
  }

  /** A counter that changes whenever the checkpoint does. */
  synchronized long version() {
    return version;
  }

  synchronized long written() {
    return written;
  }

  synchronized long refused() {
    return refused;
  }

  synchronized Snapshot snapshot() {
    List<long[]> ranges = new ArrayList<>();
    completed.forEach((first, last) -> ranges.add(new long[] {first, last}));
    return new Snapshot(doneBelow, ranges, written, refused);
  }
}
