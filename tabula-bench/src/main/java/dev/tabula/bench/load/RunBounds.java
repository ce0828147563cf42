package dev.tabula.bench.load;

import java.time.Duration;

/**
 * How far a workload may go: at most {@code maxOperations} operations and at most {@code
 * maxDuration} of wall time, whichever ends first. Every load loop checks both, so none can run
 * away on a slow or broken server.
 *
 * @param maxOperations the most operations (queries, scans, requests) to issue
 * @param maxDuration the most time to spend
 */
public record RunBounds(long maxOperations, Duration maxDuration) {

  public RunBounds {
    if (maxOperations < 1 || maxDuration.isNegative() || maxDuration.isZero()) {
      throw new IllegalArgumentException("bounds must be positive");
    }
  }

  /** The System.nanoTime() at which a run started now must stop. */
  public long deadlineFromNow() {
    return System.nanoTime() + maxDuration.toNanos();
  }

  /** True while another operation may start. */
  public boolean allows(long operationsDone, long deadline) {
    return operationsDone < maxOperations && System.nanoTime() - deadline < 0;
  }
}
