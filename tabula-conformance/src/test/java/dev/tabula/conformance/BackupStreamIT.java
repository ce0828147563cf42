package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.server.TabulaServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A backup of a database larger than the sockets' buffers, so that a backup in progress can be
 * held: one backup at a time, and the checkpoint removed however the stream ends (the client going
 * away, {@code tabula backup} stopped with SIGINT).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BackupStreamIT {
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static Path dataDir;
  private static TabulaServer server;

  @BeforeAll
  static void startWithTwentyMegabytes() {
    dataDir = TempDirs.create("tabula-backup-stream-");
    server = TabulaServer.start(BackupWhileWritingIT.config(dataDir));
    TableClient table = Clients.service(server, TestAccounts.DEVELOPMENT).createTable("big");
    Random random = new Random(21);
    for (int b = 0; b < 20; b++) {
      List<TableTransactionAction> actions = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        byte[] noise = new byte[7_500]; // base64: 10,000 characters LZ4 cannot shrink much
        random.nextBytes(noise);
        actions.add(
            new TableTransactionAction(
                TableTransactionActionType.CREATE,
                new TableEntity("p" + b, "r" + i)
                    .addProperty("Noise", Base64.getEncoder().encodeToString(noise))));
      }
      table.submitTransaction(actions);
    }
  }

  @AfterAll
  static void stop() {
    TestServers.closeAndDelete(server, dataDir);
  }

  @Test
  void aSecondBackupIsRefused_andAClientThatLeavesLeavesNoCheckpoint() throws Exception {
    try (Socket held = new Socket()) {
      held.setReceiveBufferSize(4096);
      held.connect(new java.net.InetSocketAddress("127.0.0.1", server.adminPort()));
      OutputStream out = held.getOutputStream();
      out.write(
          "POST /backup HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = held.getInputStream();
      byte[] status = in.readNBytes(12);
      assertThat(new String(status, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
      // The client reads no further: the server waits for it with the checkpoint in place.
      assertThat(checkpoints()).hasSize(1);

      var second = BackupRestoreIT.post(server.adminPort(), null);
      assertThat(second.statusCode()).isEqualTo(409);
      assertThat(second.body()).contains("a backup is already running");
    }
    await(() -> checkpoints().isEmpty(), "the checkpoint is removed once the client left");
    await(
        () -> {
          try {
            return BackupRestoreIT.post(server.adminPort(), null).statusCode() == 200;
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        },
        "a backup is taken again");
    await(() -> checkpoints().isEmpty(), "the checkpoint is removed after a backup");
  }

  @Test
  void sigint_stopsTheBackup_removesThePartialDirectory_andExits130() throws Exception {
    Path work = TempDirs.create("tabula-backup-work-");
    try {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path")));
      command.addAll(
          List.of(
              "dev.tabula.server.TabulaCli",
              "backup",
              "--admin",
              "http://127.0.0.1:" + server.adminPort(),
              "--to",
              "copy",
              "--progress",
              "none"));
      Process backup =
          new ProcessBuilder(command)
              .directory(work.toFile())
              .redirectErrorStream(true)
              .redirectOutput(work.resolve("said.txt").toFile())
              .start();
      Path partialData = work.resolve("copy.partial/data");
      await(() -> hasFiles(partialData) || !backup.isAlive(), "the files start to arrive");
      new ProcessBuilder("kill", "-INT", Long.toString(backup.pid())).start().waitFor();
      assertThat(backup.waitFor(30, TimeUnit.SECONDS)).isTrue();
      String said = Files.readString(work.resolve("said.txt"));
      assertThat(backup.exitValue()).as(said).isEqualTo(130);
      assertThat(said).contains("tabula backup: interrupted; removed");
      assertThat(work.resolve("copy.partial")).doesNotExist();
      assertThat(work.resolve("copy")).doesNotExist();
      await(() -> checkpoints().isEmpty(), "the server removed its checkpoint");
    } finally {
      TempDirs.delete(work);
    }
  }

  private static boolean hasFiles(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.findAny().isPresent();
    } catch (java.io.IOException e) {
      return false;
    }
  }

  private static List<Path> checkpoints() {
    try (Stream<Path> children = Files.list(dataDir)) {
      return children
          .filter(p -> p.getFileName().toString().startsWith(".tabula-checkpoint-"))
          .toList();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("timed out waiting until " + what);
      }
      Thread.sleep(5); // polled: the server removes it on its own event loop
    }
  }
}
