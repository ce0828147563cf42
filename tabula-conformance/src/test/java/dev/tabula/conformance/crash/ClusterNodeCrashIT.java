package dev.tabula.conformance.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.conformance.crash.ClusterWorkload.Kind;
import dev.tabula.conformance.crash.ClusterWorkload.Phase;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.Account;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A Cassandra node dies under load, and nothing acknowledged is lost. Two Tabula servers in JVMs of
 * their own share a keyspace with replication factor 3 on a three-node cluster, at QUORUM (SERIAL
 * for the lightweight transactions). Writers send single inserts and entity group transactions of
 * {@value #BATCH_SIZE} inserts through both servers in turn while node {@value #VICTIM} is killed
 * with SIGKILL and, later, started again on its data. Then:
 *
 * <ol>
 *   <li>The service kept answering: while the node was down each server acknowledged inserts and
 *       batches, and from the kill on at most a tenth of the writes failed, each failure reported
 *       to its client as a 5xx or a broken connection (never as a success).
 *   <li>With all nodes up, the whole table read through each server holds every acknowledged entity
 *       exactly once with its acknowledged ETag, and every batch whole or not at all, including the
 *       batches whose outcome the client never learned ({@link WriteLedger}).
 *   <li>The restarted node caught up. Once the two other nodes report no pending hints ({@code
 *       system_views.pending_hints}), they are killed too, and the table is read again through a
 *       third server reading at consistency ONE: every answer now comes from the restarted node's
 *       own replica. It must hold every write acknowledged after it died (those reached it only
 *       through hinted handoff or read repair) and every batch whole. A QUORUM read with just one
 *       other node stopped would prove nothing: the surviving old node alone holds every outage
 *       write and would answer for the restarted one. The one exception is a write acknowledged in
 *       the last {@link #IN_FLIGHT_AT_KILL} before the kill, which the killed node may lack (see
 *       there; Cassandra leaves that row to read repair or {@code nodetool repair}); how many were
 *       absent is printed.
 * </ol>
 *
 * <p>Runs only in the fault lane, {@code build/cassandra/fault-lane.sh}, which starts the cluster
 * and names it ({@link ClusterNodes}); skipped elsewhere.
 *
 * <p>Seen to fail (each tried once, then reverted): with the workload recording every hundredth
 * insert as acknowledged without sending it, both servers' reads report 22 entities "lost:"; with
 * replication factor 1 instead of 3, the inserts whose partition lives on the dead node fail for
 * the whole outage (503 ServerBusy) and the outage check fails. Before the in-flight exception
 * above existed, one run in five failed the restarted-node check with exactly such a write:
 * acknowledged just before the kill, absent from the restarted node, present on the others.
 */
class ClusterNodeCrashIT {
  private static final Account ACCOUNT = TestAccounts.DEVELOPMENT;
  private static final String TABLE = "nodecrash";
  private static final int VICTIM = 3;
  private static final int BATCH_SIZE = 10;
  private static final int WRITERS_PER_KIND = 2;
  private static final String REPLICATION = "{'class':'SimpleStrategy','replication_factor':3}";

  /** One line per log record with the start of its stack trace: enough to say why writes failed. */
  private static final List<String> JVM =
      List.of(
          "-Xmx256m",
          "-XX:+UseSerialGC",
          "-Djava.util.logging.SimpleFormatter.format=%1$tT %4$s %5$s %6$.300s%n");

  /** Writes each server must acknowledge of each kind in a phase. */
  private static final int PER_SERVER = 3;

  /** Long enough that node 3 holds writes from well before its death. */
  private static final Duration BEFORE = Duration.ofSeconds(20);

  /** The outage lasts at least this long: the cluster and the driver notice the dead node. */
  private static final Duration OUTAGE = Duration.ofSeconds(20);

  /**
   * Writes acknowledged this shortly before node {@value #VICTIM} was gone may be missing from it:
   * one it coordinated itself was acknowledged once the two other replicas had it, its own copy was
   * still to be applied when it died, and a dead coordinator writes no hint.
   */
  private static final Duration IN_FLIGHT_AT_KILL = Duration.ofSeconds(5);

  private static final Duration AFTER = Duration.ofSeconds(10);
  private static final Duration PHASE_LIMIT = Duration.ofSeconds(120);
  private static final Duration STOP_LIMIT = Duration.ofSeconds(60);
  private static final Duration READ_LIMIT = Duration.ofSeconds(120);

  /** Longer than Cassandra's hints_flush_period (10 s): later hints are on file, or delivered. */
  private static final Duration HINT_FLUSH = Duration.ofSeconds(12);

  private static final Duration HINT_LIMIT = Duration.ofSeconds(120);

  /** The first server creates the keyspace: eight schema changes, each agreed by three nodes. */
  private static final Duration SERVER_START_LIMIT = Duration.ofSeconds(180);

  @Test
  void nodeKilledUnderLoad_serviceKeepsAnswering_andEveryAcknowledgedWriteSurvives()
      throws Exception {
    ClusterNodes cluster = ClusterNodes.fromSystemProperties();
    String keyspace = "tabula_fault_" + ProcessHandle.current().pid();
    WriteLedger ledger = new WriteLedger();
    // One after the other: the first creates the keyspace, so the others only find it.
    try (ServerProcess first = server(cluster, keyspace, "QUORUM");
        ServerProcess second = server(cluster, keyspace, "QUORUM");
        ServerProcess readsAtOne = server(cluster, keyspace, "ONE")) {
      ClusterWorkload workload = writeThroughOutage(cluster, List.of(first, second), ledger);
      Instant stopped = Instant.now();
      printTallies(workload);
      printErrors(first);
      printErrors(second);
      assertThat(workload.unexpected()).as("answers neither success nor 5xx").isEmpty();
      List<String> violations = new ArrayList<>();
      for (ServerProcess server : List.of(first, second)) {
        violations.addAll(check("via server " + server.port(), server, ledger, Set.of()));
      }
      assertNone(violations);
      assertAvailable(workload);

      List<Integer> others = cluster.othersThan(VICTIM);
      cluster.awaitNoPendingHints(others, stopped.plus(HINT_FLUSH), HINT_LIMIT);
      System.out.printf(
          "ClusterNodeCrashIT: no hints pending on nodes %s, %d s after the last"
              + " write; killing them%n",
          others, Duration.between(stopped, Instant.now()).toSeconds());
      others.forEach(cluster::kill);
      try {
        Instant gone = workload.entered(Phase.OUTAGE);
        Set<String> inFlight = workload.acknowledgedBetween(gone.minus(IN_FLIGHT_AT_KILL), gone);
        assertNone(check("node " + VICTIM + " alone", readsAtOne, ledger, inFlight));
      } catch (AssertionError | RuntimeException e) {
        System.out.printf(
            "ClusterNodeCrashIT: the reader (%s) printed last:%n%s%n",
            readsAtOne.isAlive() ? "running" : "exited", readsAtOne.lastOutput());
        throw e;
      }
    }
  }

  private static void assertNone(List<String> violations) {
    assertThat(violations.size())
        .as(
            "violations (the first 20 of %d):%n%s",
            violations.size(),
            String.join("\n", violations.subList(0, Math.min(20, violations.size()))))
        .isZero();
  }

  /**
   * Creates the table, then writes through all cluster phases: all up, node {@value #VICTIM}
   * killed, restarting, back. Each phase lasts until each server acknowledged {@value #PER_SERVER}
   * writes of each kind in it (and the outage at least {@link #OUTAGE}).
   */
  private static ClusterWorkload writeThroughOutage(
      ClusterNodes cluster, List<ServerProcess> servers, WriteLedger ledger)
      throws InterruptedException {
    List<RawClient> clients = new ArrayList<>();
    List<CrashWrites> writes = new ArrayList<>();
    for (ServerProcess server : servers) {
      clients.add(new RawClient(server.port(), ACCOUNT));
      writes.add(new CrashWrites(server.endpoint(ACCOUNT.name()), TABLE));
    }
    assertThat(
            clients.get(0).post("Tables").json("{\"TableName\":\"" + TABLE + "\"}").send().status())
        .isEqualTo(201);
    ClusterWorkload workload = new ClusterWorkload(clients, writes, ledger, BATCH_SIZE);
    workload.start(WRITERS_PER_KIND);
    try {
      awaitPhase(workload, Phase.BEFORE, BEFORE);
      cluster.kill(VICTIM);
      workload.enter(Phase.OUTAGE); // writes in flight at the kill fail after it: they count here
      awaitPhase(workload, Phase.OUTAGE, OUTAGE);
      workload.enter(Phase.REJOIN);
      Instant restart = Instant.now();
      cluster.start(VICTIM);
      System.out.printf(
          "ClusterNodeCrashIT: node %d answers again after %d s%n",
          VICTIM, Duration.between(restart, Instant.now()).toSeconds());
      workload.enter(Phase.AFTER);
      awaitPhase(workload, Phase.AFTER, AFTER);
    } finally {
      assertThat(workload.stop(STOP_LIMIT)).as("writers stopped").isTrue();
    }
    return workload;
  }

  private static void awaitPhase(ClusterWorkload workload, Phase phase, Duration atLeast)
      throws InterruptedException {
    assertThat(workload.awaitPhase(atLeast, PER_SERVER, PHASE_LIMIT))
        .as(
            "%s: each server acknowledges %d writes of each kind within %s; %s",
            phase, PER_SERVER, PHASE_LIMIT, workload.tally(phase))
        .isTrue();
  }

  /** The whole table read through {@code server}, checked against the ledger. */
  private static List<String> check(
      String label, ServerProcess server, WriteLedger ledger, Set<String> mayBeAbsent)
      throws InterruptedException {
    Instant start = Instant.now();
    TableSnapshot snapshot =
        TableSnapshot.read(new RawClient(server.port(), ACCOUNT), TABLE, READ_LIMIT);
    List<String> found = new ArrayList<>(ledger.violations(snapshot.entities(), mayBeAbsent));
    found.addAll(snapshot.duplicates());
    Set<String> absent = new HashSet<>(mayBeAbsent);
    snapshot.entities().forEach(e -> absent.remove(e.key()));
    System.out.printf(
        "ClusterNodeCrashIT: read %s: %d entities in %d pages (%d retried) in"
            + " %d s; %d acknowledged; %d violations; absent: %d of the %d allowed%n",
        label,
        snapshot.entities().size(),
        snapshot.pages(),
        snapshot.retries(),
        Duration.between(start, Instant.now()).toSeconds(),
        ledger.acknowledgedEntities(),
        found.size(),
        absent.size(),
        mayBeAbsent.size());
    return found.stream().map(v -> label + ": " + v).toList();
  }

  /**
   * The service kept answering: each server acknowledged writes of each kind while the node was
   * down (already awaited), and from the kill on at most a tenth of the writes failed, each one
   * reported to its client. Before the kill, with every node up, at most a handful may fail (a CAS
   * timeout on a starved machine, say).
   */
  private static void assertAvailable(ClusterWorkload workload) {
    long sent = 0;
    long failed = 0;
    for (Phase phase : List.of(Phase.OUTAGE, Phase.REJOIN, Phase.AFTER)) {
      sent += workload.tally(phase).sent();
      failed += workload.tally(phase).notAcknowledged();
    }
    assertThat(failed)
        .as("writes failed from the kill of node %d on: %d of %d", VICTIM, failed, sent)
        .isLessThanOrEqualTo(Math.max(5, sent / 10));
    assertThat(workload.tally(Phase.BEFORE).notAcknowledged())
        .as("writes failed while all nodes were up")
        .isLessThanOrEqualTo(5);
  }

  private static void printTallies(ClusterWorkload workload) {
    for (Phase phase : Phase.values()) {
      System.out.printf("ClusterNodeCrashIT: %s: %s%n", phase, workload.tally(phase));
    }
    long inserts = 0;
    long batches = 0;
    for (Phase phase : Phase.values()) {
      inserts += workload.tally(phase).acknowledged(Kind.INSERT);
      batches += workload.tally(phase).acknowledged(Kind.BATCH);
    }
    System.out.printf(
        "ClusterNodeCrashIT: acknowledged %d inserts and %d batches of %d%n",
        inserts, batches, BATCH_SIZE);
  }

  /** Why requests failed, as the server logged it (among the last lines it printed). */
  private static void printErrors(ServerProcess server) {
    List<String> lines = server.lastOutput().lines().toList();
    for (int i = 0; i < lines.size() - 1; i++) {
      if (lines.get(i).contains(" SEVERE ")) { // the record, then its exception's first line
        System.out.printf(
            "ClusterNodeCrashIT: server %d: %s %s%n",
            server.port(), lines.get(i), lines.get(i + 1));
      }
    }
  }

  /** A server on the cluster's test keyspace, reading and writing at {@code consistency}. */
  private static ServerProcess server(ClusterNodes cluster, String keyspace, String consistency) {
    return ServerProcess.serve(
        JVM,
        List.of(
            "--engine",
            "cassandra",
            "--cassandra-contact-points",
            cluster.contactPoints(),
            "--cassandra-keyspace",
            keyspace,
            "--cassandra-replication",
            REPLICATION,
            "--cassandra-consistency",
            consistency,
            "--cassandra-serial-consistency",
            "SERIAL"),
        SERVER_START_LIMIT);
  }
}
