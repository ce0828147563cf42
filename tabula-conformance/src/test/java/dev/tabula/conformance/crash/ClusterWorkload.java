package dev.tabula.conformance.crash;

import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawResponse;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

/**
 * Writers that keep several Tabula servers on one Cassandra cluster busy while the cluster loses
 * and regains a node: per kind, threads sending single inserts or entity group transactions of
 * {@code batchSize} inserts into a fresh partition, each request to the next server in turn. Unlike
 * {@link CrashWorkload}, a writer carries on after a failed write, because the service is expected
 * to keep answering; every outcome is counted in the {@link Phase} during which it came (a write in
 * flight at the kill fails after it, so it counts in the outage):
 *
 * <ul>
 *   <li>acknowledged: the success status with an ETag per entity, recorded in the {@link
 *       WriteLedger};
 *   <li>failed: a 5xx answer, i.e. an error the client was told about (the write may or may not
 *       have landed, and the ledger allows either);
 *   <li>unanswered: the connection failed or timed out (outcome unknown, as above);
 *   <li>unexpected: any other answer; kept in {@link #unexpected()}, and a test failure.
 * </ul>
 *
 * Thread-safe.
 */
final class ClusterWorkload {
  /** What a writer sends. */
  enum Kind {
    INSERT,
    BATCH
  }

  /** The cluster's state when a write's outcome came. */
  enum Phase {
    /** All nodes up. */
    BEFORE,
    /** One node killed: from the moment its process is gone. */
    OUTAGE,
    /** The node restarting, until it answers CQL. */
    REJOIN,
    /** All nodes up again. */
    AFTER
  }

  private static final int UNEXPECTED_KEPT = 20;

  private final List<RawClient> servers;
  private final List<CrashWrites> writes;
  private final WriteLedger ledger;
  private final int batchSize;
  private final Map<Phase, ClusterTally> tallies = new EnumMap<>(Phase.class);
  private final Map<Phase, Instant> entered = new ConcurrentHashMap<>();
  private final Map<String, Instant> acknowledgedAt = new ConcurrentHashMap<>();
  private final Queue<String> unexpected = new ConcurrentLinkedQueue<>();
  private final List<Thread> threads = new ArrayList<>();
  private volatile Phase phase = Phase.BEFORE;
  private volatile boolean stopping;

  /**
   * @param servers one client per server; write {@code n} of writer {@code w} goes to server {@code
   *     (n + w) % servers.size()}
   * @param writes the requests for each server, in the same order
   */
  ClusterWorkload(
      List<RawClient> servers, List<CrashWrites> writes, WriteLedger ledger, int batchSize) {
    this.servers = List.copyOf(servers);
    this.writes = List.copyOf(writes);
    this.ledger = ledger;
    this.batchSize = batchSize;
    for (Phase p : Phase.values()) {
      tallies.put(p, new ClusterTally(servers.size()));
    }
    entered.put(Phase.BEFORE, Instant.now());
  }

  /** Starts {@code perKind} writer threads of each kind. */
  void start(int perKind) {
    for (Kind kind : Kind.values()) {
      for (int i = 0; i < perKind; i++) {
        int writer = i;
        Thread thread =
            new Thread(
                () -> run(kind, writer),
                "cluster-" + kind.name().toLowerCase(Locale.ROOT) + "-" + i);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
      }
    }
  }

  /** Counts the outcomes that come from now on in {@code next}. */
  void enter(Phase next) {
    entered.put(next, Instant.now());
    phase = next;
  }

  /** When {@code p} began, or null if it has not. */
  Instant entered(Phase p) {
    return entered.get(p);
  }

  /** The entities whose acknowledgement came between {@code from} and {@code to}. */
  Set<String> acknowledgedBetween(Instant from, Instant to) {
    return acknowledgedAt.entrySet().stream()
        .filter(e -> !e.getValue().isBefore(from) && !e.getValue().isAfter(to))
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  /** The outcomes that came during {@code p}. */
  ClusterTally tally(Phase p) {
    return tallies.get(p);
  }

  /**
   * Waits until the current phase has lasted {@code atLeast} and every server has acknowledged at
   * least {@code perServer} writes of each kind in it; false if that took longer than {@code
   * limit}.
   */
  boolean awaitPhase(Duration atLeast, int perServer, Duration limit) throws InterruptedException {
    Instant start = Instant.now();
    Instant floor = start.plus(atLeast);
    Instant deadline = start.plus(limit);
    ClusterTally tally = tallies.get(phase);
    return tally.await(
        () -> !Instant.now().isBefore(floor) && tally.eachServerAcked(perServer), deadline);
  }

  /** Stops the writers after their current write; false if some still run after {@code limit}. */
  boolean stop(Duration limit) throws InterruptedException {
    stopping = true;
    long deadline = System.nanoTime() + limit.toNanos();
    for (Thread thread : threads) {
      thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
    }
    return threads.stream().noneMatch(Thread::isAlive);
  }

  /** Answers that were neither a success nor a 5xx (the first {@value #UNEXPECTED_KEPT}). */
  List<String> unexpected() {
    return List.copyOf(unexpected);
  }

  private void run(Kind kind, int writer) {
    for (long n = 1; !stopping; n++) {
      int server = (int) ((n + writer) % servers.size());
      CrashWrites forServer = writes.get(server);
      CrashWrites.Write write =
          kind == Kind.INSERT ? forServer.insert(writer, n) : forServer.batch(writer, n, batchSize);
      write.versions().forEach(ledger::attempted);
      if (write.batch() != null) {
        ledger.batchAttempted(write.batch(), write.versions().keySet());
      }
      try {
        RawResponse response = write.request(servers.get(server)).exchange();
        record(kind, server, write, response, tallies.get(phase));
      } catch (UncheckedIOException noAnswer) {
        tallies.get(phase).unanswered(String.valueOf(noAnswer.getCause()));
      }
    }
  }

  private void record(
      Kind kind, int server, CrashWrites.Write write, RawResponse response, ClusterTally tally) {
    List<String> etags = write.acknowledgedEtags(response);
    if (etags != null) {
      List<String> keys = new ArrayList<>(write.versions().keySet());
      Instant now = Instant.now();
      for (int i = 0; i < keys.size(); i++) {
        ledger.acknowledged(keys.get(i), write.versions().get(keys.get(i)), etags.get(i));
        acknowledgedAt.put(keys.get(i), now);
      }
      tally.acknowledged(kind, server);
    } else if (response.status() >= 500) {
      tally.failed(response.status() + " " + response.errorCode());
    } else {
      tally.unexpected();
      if (unexpected.size() < UNEXPECTED_KEPT) {
        unexpected.add(kind + " " + write.path() + " via server " + server + ": " + response);
      }
    }
  }
}
