package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code tabula backup} of a RocksDB server that clients keep writing to, then {@code tabula
 * restore} and a server on the restored directory (docs/backup.md): every write acknowledged before
 * the backup was asked for is there, each $batch is there whole or not at all, and what is there of
 * each client's writes is a prefix of them (the backup is one moment of the database).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BackupWhileWritingIT {
  private static final int WRITERS = 4;

  @Test
  void backup_holdsEveryWriteAcknowledgedBeforeIt_asAConsistentPrefix() throws Exception {
    Path dataDir = TempDirs.create("tabula-backup-source-");
    Path work = TempDirs.create("tabula-backup-work-");
    TabulaServer server = null;
    TabulaServer restored = null;
    Path restoredDir = work.resolve("restored");
    try {
      server = TabulaServer.start(config(dataDir));
      TableClient table = Clients.service(server, TestAccounts.DEVELOPMENT).createTable("written");
      long asked = System.nanoTime();
      TabulaCommand.Result backup;
      List<BackupWriters.Acknowledged> acknowledged;
      try (BackupWriters writers = new BackupWriters(table, WRITERS)) {
        while (writers.count() < 300) {
          Thread.sleep(10); // a backlog of writes before the backup: polled, not synchronised
        }
        asked = System.nanoTime();
        backup = backup(work, server.adminPort());
        int atEnd = writers.count();
        while (writers.count() < atEnd + 50) {
          Thread.sleep(10); // the writers went on after the backup too
        }
        writers.close();
        acknowledged = writers.acknowledged();
      }
      assertThat(backup.status()).as(backup.stderr()).isZero();
      assertThat(backup.stdout()).contains("Backed up").contains("rocksdb engine");
      assertNoCheckpointLeft(dataDir);

      TabulaCommand.Result restore =
          TabulaCommand.run(
              work,
              Map.of(),
              "restore",
              "--from",
              "copy",
              "--data-dir",
              restoredDir.toString(),
              "--progress",
              "none");
      assertThat(restore.status()).as(restore.stderr()).isZero();
      assertThat(restore.stdout()).contains("devstoreaccount1: 1 tables (written)");

      restored = TabulaServer.start(config(restoredDir));
      check(acknowledged, asked, rowsByPartition(restored));
    } finally {
      TestServers.closeAndDelete(restored, restoredDir);
      TestServers.closeAndDelete(server, dataDir);
      TempDirs.delete(work);
    }
  }

  static TabulaCommand.Result backup(Path work, int adminPort) {
    return TabulaCommand.run(
        work,
        Map.of(),
        "backup",
        "--admin",
        "http://127.0.0.1:" + adminPort,
        "--to",
        "copy",
        "--progress",
        "none");
  }

  private static Map<String, TreeSet<String>> rowsByPartition(TabulaServer server) {
    Map<String, TreeSet<String>> present = new HashMap<>();
    Clients.service(server, TestAccounts.DEVELOPMENT)
        .getTableClient("written")
        .listEntities()
        .forEach(
            (TableEntity e) ->
                present
                    .computeIfAbsent(e.getPartitionKey(), k -> new TreeSet<>())
                    .add(e.getRowKey()));
    return present;
  }

  /** The promises of docs/backup.md, checked against what each writer was told. */
  private static void check(
      List<BackupWriters.Acknowledged> acknowledged,
      long asked,
      Map<String, TreeSet<String>> present) {
    int before = 0;
    int batchesIn = 0;
    Map<String, TreeMap<String, Boolean>> singles = new HashMap<>();
    for (BackupWriters.Acknowledged ack : acknowledged) {
      TreeSet<String> rows = present.getOrDefault(ack.partitionKey(), new TreeSet<>());
      boolean in = ack.batch() ? !rows.isEmpty() : rows.contains(ack.rowKey());
      if (ack.ackNanos() < asked) {
        before++;
        assertThat(in).as("acknowledged before the backup: %s", ack).isTrue();
      }
      if (ack.batch()) {
        assertThat(rows.size()).as("batch %s", ack.partitionKey()).isIn(0, BackupWriters.BATCH);
        batchesIn += in ? 1 : 0;
      } else {
        singles.computeIfAbsent(ack.partitionKey(), k -> new TreeMap<>()).put(ack.rowKey(), in);
      }
    }
    assertThat(before).isGreaterThanOrEqualTo(300);
    assertThat(batchesIn).isPositive();
    // Each writer wrote in order: what the backup holds of its writes is a prefix of them.
    singles.forEach(
        (writer, rows) -> {
          boolean gap = false;
          for (Map.Entry<String, Boolean> row : rows.entrySet()) {
            assertThat(gap && row.getValue())
                .as("%s/%s is in the backup after a write of its writer that is not", writer, row)
                .isFalse();
            gap |= !row.getValue();
          }
        });
    // Nothing is in the backup that no client wrote.
    present.keySet().forEach(pk -> assertThat(pk).matches("w\\d|b\\d-\\d+"));
  }

  private static void assertNoCheckpointLeft(Path dataDir) throws Exception {
    try (Stream<Path> children = Files.list(dataDir)) {
      assertThat(children.filter(Files::isDirectory)).isEmpty();
    }
  }

  static ServerConfig config(Path dataDir) {
    return ServerConfig.defaults()
        .withPort(0)
        .withEngine(EngineKind.ROCKSDB, dataDir)
        .withAccounts(TestAccounts.ALL)
        .withTransport(Transport.DEFAULTS.withAdmin("127.0.0.1", 0));
  }
}
