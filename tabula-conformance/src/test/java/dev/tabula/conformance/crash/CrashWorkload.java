package dev.tabula.conformance.crash;

import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawResponse;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writers that keep a server busy until it dies: per kind, {@code threads} threads sending single
 * inserts, merges (each thread merging into its own entity, version after version) or entity group
 * transactions (2 to 100 inserts into a fresh partition, each entity tagged with the batch's id and
 * size). Everything sent and acknowledged goes into a {@link WriteLedger}. A writer stops at its
 * first transport failure (the outcome of that write is unknown), at any unexpected answer (kept in
 * {@link #errors()}), or after {@value #MAX_WRITES_PER_THREAD} writes.
 */
final class CrashWorkload {
  /** What a writer thread sends. */
  enum Kind {
    INSERT,
    MERGE,
    BATCH
  }

  private static final int MAX_WRITES_PER_THREAD = 20_000;

  private final RawClient raw;
  private final CrashWrites writes;
  private final WriteLedger ledger;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicLong unknownOutcomes = new AtomicLong();
  private final Map<Kind, AtomicLong> acknowledged = new EnumMap<>(Kind.class);
  private final Map<Kind, CountDownLatch> enough = new EnumMap<>(Kind.class);
  private final Queue<String> errors = new ConcurrentLinkedQueue<>();
  private final List<Thread> threads = new ArrayList<>();

  /**
   * @param writes the requests, for the table under test
   * @param minimum how many acknowledged writes of each kind {@link #awaitAcknowledged} waits for
   */
  CrashWorkload(RawClient raw, CrashWrites writes, WriteLedger ledger, Map<Kind, Integer> minimum) {
    this.raw = raw;
    this.writes = writes;
    this.ledger = ledger;
    for (Kind kind : Kind.values()) {
      acknowledged.put(kind, new AtomicLong());
      enough.put(kind, new CountDownLatch(minimum.getOrDefault(kind, 0)));
    }
  }

  /** Starts {@code perKind} writer threads of each kind. */
  void start(int perKind) {
    for (Kind kind : Kind.values()) {
      for (int i = 0; i < perKind; i++) {
        int writer = i;
        Thread thread =
            new Thread(
                () -> run(kind, writer), "crash-" + kind.name().toLowerCase(Locale.ROOT) + "-" + i);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
      }
    }
  }

  /** Waits (at most {@code limit}) until every kind has its minimum of acknowledged writes. */
  boolean awaitAcknowledged(Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    for (CountDownLatch latch : enough.values()) {
      if (!latch.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Spins (at most {@code limit}) until at least one request is in flight, and returns how many
   * are. The writers never pause, so this returns almost at once.
   */
  int awaitInFlight(Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    int now = inFlight.get();
    while (now == 0 && System.nanoTime() - deadline < 0) {
      Thread.onSpinWait();
      now = inFlight.get();
    }
    return now;
  }

  /** Waits (at most {@code limit} in all) for every writer to stop; false if some still run. */
  boolean awaitStopped(Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    for (Thread thread : threads) {
      thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
    }
    return threads.stream().noneMatch(Thread::isAlive);
  }

  /** Acknowledged writes of a kind (a batch counts once). */
  long acknowledged(Kind kind) {
    return acknowledged.get(kind).get();
  }

  /** Writes whose outcome is unknown: sent, then the connection failed. */
  long unknownOutcomes() {
    return unknownOutcomes.get();
  }

  /** Unexpected answers: anything but the success status or a transport failure. */
  List<String> errors() {
    return List.copyOf(errors);
  }

  private void run(Kind kind, int writer) {
    for (long n = 1; n <= MAX_WRITES_PER_THREAD; n++) {
      try {
        if (!writeOne(kind, writer, n)) {
          return;
        }
      } catch (UncheckedIOException serverGone) {
        unknownOutcomes.incrementAndGet();
        return;
      } catch (RuntimeException | AssertionError e) {
        errors.add(kind + " " + writer + "/" + n + ": " + e);
        return;
      }
    }
  }

  /** Sends write {@code n} of a writer; false (with the error kept) on an unexpected answer. */
  private boolean writeOne(Kind kind, int writer, long n) {
    CrashWrites.Write write =
        switch (kind) {
          case INSERT -> writes.insert(writer, n);
          case MERGE -> writes.merge(writer, n);
          case BATCH -> writes.batch(writer, n);
        };
    write.versions().forEach(ledger::attempted);
    if (write.batch() != null) {
      ledger.batchAttempted(write.batch(), write.versions().keySet());
    }
    RawResponse response;
    inFlight.incrementAndGet();
    try {
      response = write.request(raw).send();
    } finally {
      inFlight.decrementAndGet();
    }
    List<String> etags = write.acknowledgedEtags(response);
    if (etags == null) {
      errors.add(kind + " " + writer + "/" + n + " answered " + response);
      return false;
    }
    List<String> keys = new ArrayList<>(write.versions().keySet());
    for (int i = 0; i < keys.size(); i++) {
      ledger.acknowledged(keys.get(i), write.versions().get(keys.get(i)), etags.get(i));
    }
    acknowledged.get(kind).incrementAndGet();
    enough.get(kind).countDown();
    return true;
  }
}
