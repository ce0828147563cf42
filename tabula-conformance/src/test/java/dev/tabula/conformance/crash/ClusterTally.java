package dev.tabula.conformance.crash;

import dev.tabula.conformance.crash.ClusterWorkload.Kind;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * The outcomes of a {@link ClusterWorkload}'s writes that came during one phase: acknowledged per
 * kind and server, failed (5xx), unanswered and unexpected, with how often each failure message was
 * seen. Waiters on {@link #await} wake at every outcome. Thread-safe.
 */
final class ClusterTally {
  private final long[][] acknowledged;
  private final Map<String, Integer> failures = new TreeMap<>();
  private long failed;
  private long unanswered;
  private long unexpected;

  ClusterTally(int servers) {
    this.acknowledged = new long[Kind.values().length][servers];
  }

  synchronized void acknowledged(Kind kind, int server) {
    acknowledged[kind.ordinal()][server]++;
    notifyAll();
  }

  synchronized void failed(String why) {
    failed++;
    failures.merge(why, 1, Integer::sum);
    notifyAll();
  }

  synchronized void unanswered(String why) {
    unanswered++;
    failures.merge("no answer: " + why, 1, Integer::sum);
    notifyAll();
  }

  synchronized void unexpected() {
    unexpected++;
    notifyAll();
  }

  /** Acknowledged writes of a kind, through every server. */
  synchronized long acknowledged(Kind kind) {
    long sum = 0;
    for (long n : acknowledged[kind.ordinal()]) {
      sum += n;
    }
    return sum;
  }

  /** Whether every server acknowledged at least {@code minimum} writes of each kind. */
  synchronized boolean eachServerAcked(int minimum) {
    for (long[] byServer : acknowledged) {
      for (long n : byServer) {
        if (n < minimum) {
          return false;
        }
      }
    }
    return true;
  }

  /** Writes answered with an error, or not at all: the client knows they did not succeed. */
  synchronized long notAcknowledged() {
    return failed + unanswered;
  }

  /** Every write whose outcome came in the phase. */
  synchronized long sent() {
    return acknowledged(Kind.INSERT) + acknowledged(Kind.BATCH) + failed + unanswered + unexpected;
  }

  synchronized long unexpectedCount() {
    return unexpected;
  }

  /** Waits until {@code done} holds (checked at each outcome and once a second) or the deadline. */
  synchronized boolean await(BooleanSupplier done, Instant deadline) throws InterruptedException {
    while (!done.getAsBoolean()) {
      long left = deadline.toEpochMilli() - System.currentTimeMillis();
      if (left <= 0) {
        return false;
      }
      wait(Math.min(left, 1000));
    }
    return true;
  }

  @Override
  public synchronized String toString() {
    StringBuilder text = new StringBuilder();
    for (Kind kind : Kind.values()) {
      text.append(kind.name().toLowerCase(Locale.ROOT))
          .append("s acknowledged ")
          .append(Arrays.toString(acknowledged[kind.ordinal()]))
          .append(", ");
    }
    text.append("failed ")
        .append(failed)
        .append(", unanswered ")
        .append(unanswered)
        .append(", unexpected ")
        .append(unexpected);
    if (!failures.isEmpty()) {
      text.append(" ").append(failures);
    }
    return text.toString();
  }
}
