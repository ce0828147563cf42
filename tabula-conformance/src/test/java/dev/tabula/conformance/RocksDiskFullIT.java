package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.SmallFileSystem;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RocksDB server on a file system that really runs out of space (a 64 MiB tmpfs mounted for the
 * test, filled by the test): writes answer 503 ServerBusy, reads go on, writes come back within 10
 * s of freeing space without a restart, and nothing acknowledged is lost while nothing refused is
 * applied. Mounting needs root (CI runs as root); elsewhere the tests are skipped, saying why.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RocksDiskFullIT {
  private static final int ENTITY_BYTES = 48 * 1024;

  @TempDir Path temp;
  private SmallFileSystem disk;
  private Path dataDir;

  @BeforeEach
  void mountSmallFileSystem() throws Exception {
    disk = SmallFileSystem.mount(temp, 64);
    dataDir = disk.resolve("data");
  }

  @AfterEach
  void unmount() throws Exception {
    if (disk != null) {
      disk.close();
    }
  }

  @Test
  void fullDisk_writesAnswerServerBusy_readsGoOn_andWritesComeBackWithoutRestart()
      throws Exception {
    try (TabulaServer server = start()) {
      TableClient table = Clients.service(server, TestAccounts.DEVELOPMENT).createTable("full");
      List<String> acknowledged = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        table.createEntity(entity("before" + i));
        acknowledged.add("before" + i);
      }
      disk.fill();
      List<String> refused = new ArrayList<>();
      for (int i = 0; refused.isEmpty() && i < 2000; i++) {
        String key = "during" + i;
        try {
          table.createEntity(entity(key));
          acknowledged.add(key); // the disk had room left in a preallocated log
        } catch (TableServiceException e) {
          assertServerBusyForDiskSpace(e);
          refused.add(key);
        }
      }
      assertThat(refused).as("a write refused once the disk is full").hasSize(1);
      assertReadable(table, acknowledged);
      TableServiceException batchRefused =
          assertThrows(
              TableServiceException.class,
              () ->
                  table.submitTransaction(
                      List.of(
                          new TableTransactionAction(
                              TableTransactionActionType.CREATE, entity("batch1")),
                          new TableTransactionAction(
                              TableTransactionActionType.CREATE, entity("batch2")))));
      assertServerBusyForDiskSpace(batchRefused);
      refused.addAll(List.of("batch1", "batch2"));

      long recoveryMillis = freeAndWaitForWrites(table, "after");
      acknowledged.add("after");
      System.out.printf(
          "disk full: writes came back %d ms after space was freed%n", recoveryMillis);
      assertThat(recoveryMillis).isLessThan(10_000);
      assertReadable(table, acknowledged);
      assertAbsent(table, refused);
    }
  }

  @Test
  void startOnFullDisk_servesReads_thenTakesWritesOnceSpaceReturns() throws Exception {
    List<String> acknowledged = new ArrayList<>();
    try (TabulaServer first = start()) {
      TableClient table = Clients.service(first, TestAccounts.DEVELOPMENT).createTable("restart");
      for (int i = 0; i < 20; i++) {
        table.createEntity(entity("before" + i));
        acknowledged.add("before" + i);
      }
    }
    disk.fill();
    try (TabulaServer second = start()) {
      TableClient table =
          Clients.service(second, TestAccounts.DEVELOPMENT).getTableClient("restart");
      assertReadable(table, acknowledged);
      assertServerBusyForDiskSpace(
          assertThrows(TableServiceException.class, () -> table.createEntity(entity("refused"))));
      long recoveryMillis = freeAndWaitForWrites(table, "after");
      System.out.printf(
          "started full: writes came back %d ms after space was freed%n", recoveryMillis);
      assertThat(recoveryMillis).isLessThan(10_000);
      acknowledged.add("after");
      assertReadable(table, acknowledged);
      assertAbsent(table, List.of("refused"));
    }
  }

  private TabulaServer start() {
    return TabulaServer.start(
        ServerConfig.defaults()
            .withPort(0)
            .withEngine(EngineKind.ROCKSDB, dataDir)
            .withAccounts(TestAccounts.ALL));
  }

  /** Deletes the filler and writes {@code key} until it is stored; how long that took. */
  private long freeAndWaitForWrites(TableClient table, String key) throws Exception {
    disk.free();
    long freed = System.nanoTime();
    while (true) {
      try {
        table.createEntity(entity(key));
        return (System.nanoTime() - freed) / 1_000_000;
      } catch (TableServiceException e) {
        assertServerBusyForDiskSpace(e);
        assertThat(System.nanoTime() - freed).as("writes back in time").isLessThan(15_000_000_000L);
        Thread.sleep(50);
      }
    }
  }

  private static void assertServerBusyForDiskSpace(TableServiceException e) {
    assertThat(e.getResponse().getStatusCode()).isEqualTo(503);
    assertThat(e.getResponse().getHeaders().getValue("x-ms-error-code")).isEqualTo("ServerBusy");
    assertThat(String.valueOf(e.getValue().getErrorCode())).isEqualTo("ServerBusy");
    assertThat(e.getValue().getErrorMessage()).contains("out of disk space");
  }

  private static void assertReadable(TableClient table, List<String> keys) {
    for (String key : keys) {
      assertThat(table.getEntity("p", key).getProperty("data")).isInstanceOf(byte[].class);
    }
  }

  private static void assertAbsent(TableClient table, List<String> keys) {
    for (String key : keys) {
      TableServiceException e =
          assertThrows(TableServiceException.class, () -> table.getEntity("p", key));
      assertThat(e.getResponse().getStatusCode()).isEqualTo(404);
    }
  }

  private static TableEntity entity(String rowKey) {
    byte[] data = new byte[ENTITY_BYTES];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (rowKey.hashCode() * 31 + i * 7);
    }
    return new TableEntity("p", rowKey).addProperty("data", data);
  }
}
