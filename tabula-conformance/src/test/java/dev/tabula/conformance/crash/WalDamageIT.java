package dev.tabula.conformance.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.Account;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RocksDB write-ahead log damaged while the server was down: a server in its own JVM takes
 * {@value #ENTITIES} acknowledged entities and is stopped (its engine closes without flushing its
 * memtables, so they are all in the log); the log is then damaged and the server started again. A
 * log cut in half or overwritten in the middle lost acknowledged entities: {@code tabula serve}
 * must refuse to start, exit with status 3 and say in a paragraph (no stack trace) which file and
 * what to do. A torn last record, a write that was never acknowledged, is what a power cut leaves
 * and must start with every entity. {@code --accept-wal-data-loss} starts with what is left.
 *
 * <p>Seen to fail: without the audit ({@code RocksWalAudit.check} not called) the server started in
 * the cut and garbage cases instead of refusing, as the issue reported (tried once, then reverted).
 */
class WalDamageIT {
  private static final Account ACCOUNT = TestAccounts.DEVELOPMENT;
  private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC");
  private static final int BATCHES = 20;
  private static final int SINGLES = 100;
  private static final int ENTITIES = BATCHES * 100 + SINGLES;

  @TempDir Path dataDir;

  @Test
  void aLogCutInHalf_refusesToStart_namingTheFile() throws Exception {
    Path log = writeEntitiesAndStop();
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "rw")) {
      file.setLength(file.length() / 2);
    }

    assertRefused(ServerProcess.startExpectingRefusal(dataDir, JVM, List.of()), log);
  }

  @Test
  void garbageInTheMiddleOfTheLog_refusesToStart_namingTheFile() throws Exception {
    Path log = writeEntitiesAndStop();
    byte[] garbage = new byte[4096];
    new Random(11).nextBytes(garbage);
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "rw")) {
      file.seek(file.length() / 2);
      file.write(garbage);
    }

    assertRefused(ServerProcess.startExpectingRefusal(dataDir, JVM, List.of()), log);
  }

  @Test
  void aTornLastRecord_startsWithEveryAcknowledgedEntity() throws Exception {
    Path log = writeEntitiesAndStop();
    // What a power cut during the sync of a write leaves: a header announcing 4,000 bytes and
    // only 100 of them. That write was never answered.
    byte[] torn = new byte[7 + 100];
    new Random(3).nextBytes(torn);
    torn[4] = (byte) (4000 & 0xff);
    torn[5] = (byte) (4000 >> 8);
    torn[6] = 1; // kFullType
    Files.write(log, torn, StandardOpenOption.APPEND);

    try (ServerProcess server = ServerProcess.start(dataDir, JVM, List.of())) {
      assertThat(count(server)).isEqualTo(ENTITIES);
    }
  }

  @Test
  void acceptingTheLoss_startsWithWhatIsLeft_logsIt_andLaterStartsNormally() throws Exception {
    Path log = writeEntitiesAndStop();
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "rw")) {
      file.setLength(file.length() / 2);
    }

    try (ServerProcess server =
        ServerProcess.start(dataDir, JVM, List.of("--accept-wal-data-loss"))) {
      assertThat(server.lastOutput()).contains("lost acknowledged writes").contains(log.toString());
      assertThat(count(server)).isPositive().isLessThan(ENTITIES);
    }
    try (ServerProcess again = ServerProcess.start(dataDir, JVM, List.of())) {
      assertThat(count(again)).isPositive().isLessThan(ENTITIES);
    }
  }

  private static void assertRefused(ServerProcess.Exited exit, Path log) {
    assertThat(exit.status()).as(exit.output()).isEqualTo(3);
    assertThat(exit.output())
        .contains(
            "refusing to start",
            log.toString(),
            "lost acknowledged writes",
            "restore",
            "--accept-wal-data-loss",
            "TABULA_ACCEPT_WAL_DATA_LOSS")
        .doesNotContain("Exception", "\tat ");
  }

  /**
   * Writes the entities (batches of 100, then single inserts), stops the server, returns its log.
   */
  private Path writeEntitiesAndStop() throws IOException {
    try (ServerProcess server = ServerProcess.start(dataDir, JVM, List.of())) {
      TableClient table = service(server).createTable("damage");
      for (int b = 0; b < BATCHES; b++) {
        List<TableTransactionAction> batch = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          batch.add(
              new TableTransactionAction(
                  TableTransactionActionType.CREATE,
                  new TableEntity("b" + b, "r" + i).addProperty("payload", "x".repeat(200))));
        }
        table.submitTransaction(batch);
      }
      for (int i = 0; i < SINGLES; i++) {
        table.createEntity(new TableEntity("single", "r" + i).addProperty("i", i));
      }
    }
    try (Stream<Path> files = Files.list(dataDir)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".log"))
          .max((a, b) -> Long.compare(a.toFile().length(), b.toFile().length()))
          .orElseThrow();
    }
  }

  private static long count(ServerProcess server) {
    return service(server).getTableClient("damage").listEntities().stream().count();
  }

  private static TableServiceClient service(ServerProcess server) {
    return Clients.service(server.connectionString(ACCOUNT));
  }
}
