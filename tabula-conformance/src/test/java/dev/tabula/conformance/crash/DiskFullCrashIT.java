package dev.tabula.conformance.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import dev.tabula.conformance.crash.DiskFullLedger.Outcome;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.SmallFileSystem;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.Account;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server killed while its disk is full. A server in its own JVM, its RocksDB data on a 64 MiB
 * tmpfs (mounted for the test in a user and mount namespace of its own, so no root is needed:
 * {@link SmallFileSystem#mountInOwnNamespace}; skipped where the kernel forbids that), takes
 * acknowledged writes; the test fills the disk, writes until they are refused (503 ServerBusy),
 * keeps two writers sending inserts and batches into the 503s for {@value #HOLD_MILLIS} ms, and
 * kills the server with SIGKILL while they do. Then it starts the server again, after freeing the
 * space or with the disk still full. Either way it must start (the write-ahead log audit must not
 * take the write torn by the full disk for a loss), hold every acknowledged write, no refused one
 * even in part, and take writes again once there is space, within 10 s and without another restart.
 *
 * <p>While full, the server's log must say so once per symptom, not once per retry: the test holds
 * the disk full for several periods of the write-ahead log mark (1 s) and of the reopen attempts,
 * and fails on a repeated or extra warning or on a stack trace.
 *
 * <p>Seen to fail (each once, then reverted): with the write-ahead log audit intolerant of a torn
 * last record, neither restart starts ("truncated record body": the refused write is torn in the
 * log); without the read-only open on a full disk, the restart while full exits; with the mark's
 * no-space failure logged at each retry, the log check fails; before this test, the mark's failure
 * logged a stack trace through java.util.logging.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DiskFullCrashIT {
  private static final Account ACCOUNT = TestAccounts.DEVELOPMENT;
  private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC");
  private static final String TABLE = "full";
  private static final int LARGE = 48 * 1024;
  private static final int SMALL = 1024;

  /** Longer than three mark periods and a reopen retry: a warning per retry would repeat. */
  private static final long HOLD_MILLIS = 3_500;

  @TempDir Path temp;
  private SmallFileSystem disk;
  private Path dataDir;
  private final DiskFullLedger ledger = new DiskFullLedger();

  @BeforeEach
  void mountSmallFileSystem() throws Exception {
    disk = SmallFileSystem.mountInOwnNamespace(temp, 64);
    dataDir = disk.resolve("data");
  }

  @AfterEach
  void unmount() throws Exception {
    if (disk != null) {
      disk.close();
    }
  }

  @Test
  void killedWhileFull_thenSpaceFreed_startsWithEveryAcknowledgedWrite_andTakesWrites()
      throws Exception {
    fillAndKillWhileRefusing();
    disk.free();

    long started = System.nanoTime();
    try (ServerProcess second = start()) {
      System.out.printf("DiskFullCrashIT: restarted with space in %d ms%n", millisSince(started));
      TableClient table = table(second);
      assertThat(ledger.violations(table)).isEmpty();
      assertThat(ledger.insert(table, "after", LARGE)).isEqualTo(Outcome.ACKNOWLEDGED);
      assertThat(ledger.batch(table, "b-after", SMALL)).isEqualTo(Outcome.ACKNOWLEDGED);
      assertThat(ledger.violations(table)).isEmpty();
      assertThat(DiskFullLog.warnings(second.outputLines())).isEmpty();
    }
  }

  @Test
  void killedWhileFull_restartedStillFull_servesReads_refusesWrites_thenRecovers()
      throws Exception {
    fillAndKillWhileRefusing();

    try (ServerProcess second = start()) {
      TableClient table = table(second);
      assertThat(ledger.violations(table)).as("reads on a full disk").isEmpty();
      long until = System.currentTimeMillis() + HOLD_MILLIS;
      for (int i = 0; System.currentTimeMillis() < until; i++) {
        assertThat(ledger.insert(table, "restarted" + i, SMALL)).isEqualTo(Outcome.REFUSED);
        Thread.sleep(100);
      }
      disk.free();
      long freed = System.nanoTime();
      while (ledger.insert(table, "after", SMALL) != Outcome.ACKNOWLEDGED) {
        assertThat(millisSince(freed)).as("writes back within 10 s").isLessThan(10_000);
        Thread.sleep(50);
      }
      System.out.printf(
          "DiskFullCrashIT: started full, writes back %d ms after freeing space%n",
          millisSince(freed));
      assertThat(ledger.batch(table, "b-after", SMALL)).isEqualTo(Outcome.ACKNOWLEDGED);
      assertThat(ledger.violations(table)).isEmpty();
      Thread.sleep(1_500); // a mark period and more: a late extra line would show
      DiskFullLog.assertOncePerSymptom(second.outputLines(), true);
      assertThat(ledger.unexpectedAnswers()).isEmpty();
    }
    try (ServerProcess third = start()) {
      assertThat(ledger.violations(table(third))).as("after a clean stop").isEmpty();
      assertThat(DiskFullLog.warnings(third.outputLines())).isEmpty();
    }
  }

  /**
   * Acknowledged writes, then a full disk, writes until one is refused, two writers sending into
   * the 503s for a while, and SIGKILL while they do.
   */
  private void fillAndKillWhileRefusing() throws Exception {
    ServerProcess first = start();
    try {
      TableClient table = Clients.service(first.connectionString(ACCOUNT)).createTable(TABLE);
      for (int i = 0; i < 20; i++) {
        assertThat(ledger.insert(table, "before" + i, LARGE)).isEqualTo(Outcome.ACKNOWLEDGED);
      }
      for (int b = 0; b < 3; b++) {
        assertThat(ledger.batch(table, "b-before" + b, SMALL)).isEqualTo(Outcome.ACKNOWLEDGED);
      }
      disk.fill();
      for (int i = 0; i < 2000; i++) {
        if (ledger.insert(table, "filling" + i, LARGE) != Outcome.ACKNOWLEDGED) {
          break; // acknowledged until then: the disk had room left in a preallocated log
        }
      }
      assertThat(ledger.count(Outcome.REFUSED)).as("a write refused on the full disk").isOne();
      refuseWhileKilled(first, table);
      DiskFullLog.assertOncePerSymptom(first.outputLines(), false);
    } finally {
      first.close();
    }
    assertThat(ledger.unexpectedAnswers()).isEmpty();
  }

  /** Two writers send inserts and batches into the 503s; the server is killed meanwhile. */
  private void refuseWhileKilled(ServerProcess server, TableClient table) throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      String prefix = "w" + w + "-";
      Thread writer =
          new Thread(
              () -> {
                for (int n = 0; !stop.get(); n++) {
                  if (n % 3 == 0) {
                    ledger.batch(table, "b-" + prefix + n, SMALL);
                  } else {
                    ledger.insert(table, prefix + n, SMALL);
                  }
                }
              },
              "full-writer-" + w);
      writer.start();
      writers.add(writer);
    }
    Thread.sleep(HOLD_MILLIS);
    int exit = server.kill();
    stop.set(true);
    for (Thread writer : writers) {
      writer.join(30_000);
    }
    assertThat(exit).as("killed by SIGKILL").isEqualTo(ServerProcess.SIGKILL_EXIT);
    System.out.printf(
        "DiskFullCrashIT: %d acknowledged, %d refused, %d without an answer%n",
        ledger.count(Outcome.ACKNOWLEDGED),
        ledger.count(Outcome.REFUSED),
        ledger.count(Outcome.UNKNOWN));
    assertThat(ledger.count(Outcome.REFUSED)).as("refused while full").isGreaterThan(10);
  }

  /** A server on the small file system, in its namespace. */
  private ServerProcess start() {
    return ServerProcess.startWith(disk.launcher(), dataDir, JVM, List.of());
  }

  private static TableClient table(ServerProcess server) {
    return Clients.service(server.connectionString(ACCOUNT)).getTableClient(TABLE);
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
