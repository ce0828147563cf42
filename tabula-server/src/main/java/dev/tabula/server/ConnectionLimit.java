package dev.tabula.server;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The bound on open client connections ({@link Resources#maxConnections()}), one per server and
 * shared by its HTTP and HTTPS listeners. Thread safe: connections open and close on every event
 * loop at once.
 *
 * <p>Up to {@code max} connections are served. Past that, up to {@code max} more are {@linkplain
 * Admission#REFUSED refused}: held just long enough to answer their first request 503 ServerBusy.
 * Past both, a connection is {@linkplain Admission#DROPPED dropped}: closed as soon as it is
 * accepted. So at most twice {@code max} sockets are ever open, however fast they arrive.
 */
final class ConnectionLimit {
  /** What became of a new connection. */
  enum Admission {
    /** Served as usual; holds one of the {@code max} places until it closes. */
    SERVED,
    /** Answered 503 ServerBusy and closed; holds one of the refusal places until it closes. */
    REFUSED,
    /** Closed at once; holds nothing. */
    DROPPED
  }

  private final int max;
  private final AtomicInteger served = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();
  private final LongAdder accepted = new LongAdder();
  private final LongAdder dropped = new LongAdder();
  private final LongAdder refusalsAnswered = new LongAdder();

  ConnectionLimit(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max connections must be at least 1: " + max);
    }
    this.max = max;
  }

  /** Admits a connection that has just opened; {@link #release} must follow when it closes. */
  Admission admit() {
    accepted.increment();
    if (take(served)) {
      return Admission.SERVED;
    }
    if (take(refused)) {
      return Admission.REFUSED;
    }
    dropped.increment();
    return Admission.DROPPED;
  }

  /** Counts a refused connection's first request answered 503 ServerBusy. */
  void refusalAnswered() {
    refusalsAnswered.increment();
  }

  /** Gives back the place a closed connection held; call once per {@link #admit}. */
  void release(Admission admission) {
    switch (admission) {
      case SERVED -> served.decrementAndGet();
      case REFUSED -> refused.decrementAndGet();
      case DROPPED -> {}
    }
  }

  /** The connections open now, served and refused. */
  int open() {
    return served.get() + refused.get();
  }

  /** The most connections served at once. */
  int max() {
    return max;
  }

  /** Connections accepted so far, served, refused or dropped. */
  long accepted() {
    return accepted.sum();
  }

  /** Connections closed as soon as they were accepted, so far. */
  long dropped() {
    return dropped.sum();
  }

  /** Requests answered 503 ServerBusy because their connection was over the limit, so far. */
  long refusalsAnswered() {
    return refusalsAnswered.sum();
  }

  /** Takes a place when fewer than {@code max} are taken; never goes past {@code max}. */
  private boolean take(AtomicInteger count) {
    return count.getAndUpdate(taken -> taken < max ? taken + 1 : taken) < max;
  }
}
