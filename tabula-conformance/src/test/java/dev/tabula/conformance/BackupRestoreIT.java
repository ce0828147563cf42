package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.AdminScrape;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.Transport;
import dev.tabula.server.admin.AdminToken;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The failures of {@code tabula backup}, {@code POST /backup} and {@code tabula restore}
 * (docs/backup.md), against real servers and the real commands as processes: damaged backups and
 * non-empty data directories refused in one line, the memory engine's refusal, the admin token.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BackupRestoreIT {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String TOKEN = "backup-token-0123456789";

  @Test
  void restore_refusesADamagedBackupOrANonEmptyDataDir_inOneLine() throws Exception {
    Path dataDir = TempDirs.create("tabula-backup-source-");
    Path work = TempDirs.create("tabula-backup-work-");
    TabulaServer server = null;
    try {
      server = TabulaServer.start(BackupWhileWritingIT.config(dataDir));
      TableClient table = Clients.service(server, TestAccounts.DEVELOPMENT).createTable("kept");
      for (int i = 0; i < 50; i++) {
        table.createEntity(new TableEntity("p", "r" + i).addProperty("V", i));
      }
      assertThat(BackupWhileWritingIT.backup(work, server.adminPort()).status()).isZero();
      TabulaCommand.Result again = BackupWhileWritingIT.backup(work, server.adminPort());
      assertThat(again.status()).isEqualTo(2);
      assertThat(again.errorLines()).singleElement().asString().contains("copy is not empty");

      Files.createDirectories(work.resolve("busy"));
      Files.writeString(work.resolve("busy/file"), "x");
      TabulaCommand.Result busy = restore(work, "copy", "busy");
      assertThat(busy.status()).isEqualTo(2);
      assertThat(busy.errorLines())
          .singleElement()
          .asString()
          .contains("busy is not empty: restore into a new data directory");

      Path biggest = largestDataFile(work.resolve("copy"));
      String name = "data/" + biggest.getFileName();
      copyTree(work.resolve("copy"), work.resolve("flipped"));
      Path flipped = work.resolve("flipped").resolve(name);
      byte[] bytes = Files.readAllBytes(flipped);
      bytes[bytes.length / 2] ^= 1;
      Files.write(flipped, bytes);
      assertDamaged(restore(work, "flipped", "d1"), name + " does not match its SHA-256");

      copyTree(work.resolve("copy"), work.resolve("cut"));
      try (FileChannel cut =
          FileChannel.open(work.resolve("cut").resolve(name), StandardOpenOption.WRITE)) {
        cut.truncate(bytes.length - 1);
      }
      assertDamaged(restore(work, "cut", "d2"), name + " has " + (bytes.length - 1) + " bytes");
      assertThat(work.resolve("d1")).doesNotExist();
      assertThat(work.resolve("d2")).doesNotExist();

      Files.delete(work.resolve("copy/tabula-backup.properties"));
      assertDamaged(restore(work, "copy", "d3"), "tabula-backup.properties missing");
    } finally {
      TestServers.closeAndDelete(server, dataDir);
      TempDirs.delete(work);
    }
  }

  /**
   * The accounts whose tables the summary lists follow the same name rule as the server's. Seen to
   * fail (then reverted): without the check, the restore went on to the missing backup instead.
   */
  @Test
  void restore_refusesAnAccountNameAzureRefuses_inOneLine() {
    Path work = TempDirs.create("tabula-restore-account-");
    try {
      TabulaCommand.Result result =
          TabulaCommand.run(
              work,
              Map.of(),
              "restore",
              "--from",
              "nowhere",
              "--data-dir",
              "data",
              "--account",
              "My_Account");
      assertThat(result.status()).isEqualTo(2);
      assertThat(result.errorLines())
          .containsExactly(
              "tabula restore: --account: the account name 'My_Account': an account name is 3 to"
                  + " 24 characters, lowercase letters and digits only");
    } finally {
      TempDirs.delete(work);
    }
  }

  @Test
  void backup_ofTheMemoryEngine_isRefusedWithWhatToUseInstead() throws Exception {
    Path work = TempDirs.create("tabula-backup-work-");
    TabulaServer server = null;
    try {
      server =
          TabulaServer.start(
              BackupWhileWritingIT.config(work.resolve("unused"))
                  .withEngine(EngineKind.MEMORY, work.resolve("unused")));
      HttpResponse<String> answer = post(server.adminPort(), null);
      assertThat(answer.statusCode()).isEqualTo(501);
      assertThat(answer.body())
          .isEqualTo(
              "not implemented: the memory engine keeps nothing on disk to back up; save its"
                  + " tables with tabula export\n");

      TabulaCommand.Result backup = BackupWhileWritingIT.backup(work, server.adminPort());
      assertThat(backup.status()).isEqualTo(1);
      assertThat(backup.errorLines())
          .singleElement()
          .asString()
          .startsWith("tabula backup: the server refused the backup (501)")
          .contains("save its tables with tabula export");
      assertThat(work.resolve("copy")).doesNotExist();
      assertThat(work.resolve("copy.partial")).doesNotExist();
    } finally {
      TestServers.closeAndDelete(server, work);
    }
  }

  @Test
  void backup_asksForTheToken() throws Exception {
    Path dataDir = TempDirs.create("tabula-backup-source-");
    Path work = TempDirs.create("tabula-backup-work-");
    TabulaServer guarded = null;
    try {
      guarded =
          TabulaServer.start(
              BackupWhileWritingIT.config(dataDir)
                  .withTransport(
                      Transport.DEFAULTS
                          .withAdmin("127.0.0.1", 0)
                          .withAdminToken(AdminToken.of(TOKEN))));
      int admin = guarded.adminPort();
      HttpResponse<String> none = post(admin, null);
      assertThat(none.statusCode()).isEqualTo(401);
      assertThat(none.headers().firstValue("WWW-Authenticate"))
          .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
      assertThat(post(admin, "Bearer " + TOKEN + "x").statusCode()).isEqualTo(403);
      assertThat(post(admin, "Basic " + TOKEN).statusCode()).isEqualTo(401);
      HttpResponse<byte[]> archive = postForBytes(admin, "Bearer " + TOKEN);
      assertThat(archive.statusCode()).isEqualTo(200);
      assertThat(archive.headers().firstValue("Content-Type")).hasValue("application/x-tar");
      byte[] tar = archive.body();
      assertThat(tar.length % 512).isZero();
      assertThat(java.util.Arrays.copyOfRange(tar, tar.length - 1024, tar.length))
          .containsOnly((byte) 0);
      assertThat(new String(tar, java.nio.charset.StandardCharsets.US_ASCII))
          .contains("SHA256SUMS")
          .contains("CURRENT");
      extractsWithTarAndItsSumsCheck(tar, work.resolve("raw"));

      TabulaCommand.Result wrong =
          TabulaCommand.run(
              work,
              Map.of("TABULA_ADMIN_TOKEN", "not-the-token-0123456789"),
              "backup",
              "--admin",
              "http://127.0.0.1:" + admin,
              "--to",
              "copy");
      assertThat(wrong.status()).isEqualTo(2);
      assertThat(wrong.errorLines())
          .singleElement()
          .asString()
          .contains("(403): forbidden: the admin token does not match");
      TabulaCommand.Result right =
          TabulaCommand.run(
              work,
              Map.of("TABULA_ADMIN_TOKEN", TOKEN),
              "backup",
              "--admin",
              "http://127.0.0.1:" + admin,
              "--to",
              "copy");
      assertThat(right.status()).as(right.stderr()).isZero();
    } finally {
      TempDirs.delete(work);
      TestServers.closeAndDelete(guarded, dataDir);
    }
  }

  @Test
  void backup_offLoopbackWithoutAToken_isForbidden() throws Exception {
    Path work = TempDirs.create("tabula-backup-work-");
    TabulaServer open = null;
    try {
      open =
          TabulaServer.start(
              ServerConfig.defaults()
                  .withPort(0)
                  .withEngine(EngineKind.MEMORY, work)
                  .withTransport(Transport.DEFAULTS.withAdmin("0.0.0.0", 0)));
      HttpResponse<String> offLoopback = post(open.adminPort(), null);
      assertThat(offLoopback.statusCode()).isEqualTo(403);
      assertThat(offLoopback.body()).contains("needs --admin-token");
      assertThat(AdminScrape.send(open.adminPort(), "GET", "/backup").statusCode()).isEqualTo(405);
    } finally {
      TestServers.closeAndDelete(open, work);
    }
  }

  /** docs/backup.md promises that any tar reads the archive and sha256sum checks it. */
  private static void extractsWithTarAndItsSumsCheck(byte[] tar, Path into) throws Exception {
    Files.createDirectories(into);
    Files.write(into.resolve("archive.tar"), tar);
    assertThat(shell(into, "tar", "-xf", "archive.tar")).isZero();
    Files.delete(into.resolve("archive.tar"));
    assertThat(shell(into, "sha256sum", "--quiet", "-c", "SHA256SUMS")).isZero();
  }

  private static int shell(Path dir, String... command) throws Exception {
    Process process;
    try {
      process = new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
    } catch (java.io.IOException absent) {
      org.junit.jupiter.api.Assumptions.abort(command[0] + " is not installed");
      throw absent;
    }
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return process.exitValue();
  }

  static TabulaCommand.Result restore(Path work, String from, String dataDir) {
    return TabulaCommand.run(
        work, Map.of(), "restore", "--from", from, "--data-dir", dataDir, "--progress", "none");
  }

  private static void assertDamaged(TabulaCommand.Result result, String what) {
    assertThat(result.status()).isEqualTo(1);
    assertThat(result.errorLines())
        .singleElement()
        .asString()
        .startsWith("tabula restore: the backup ")
        .contains(" is damaged: " + what);
  }

  static HttpResponse<String> post(int port, String authorization) throws Exception {
    return HTTP.send(request(port, authorization), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<byte[]> postForBytes(int port, String authorization)
      throws Exception {
    return HTTP.send(request(port, authorization), HttpResponse.BodyHandlers.ofByteArray());
  }

  private static HttpRequest request(int port, String authorization) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/backup"))
            .POST(HttpRequest.BodyPublishers.noBody());
    if (authorization != null) {
      builder.header("Authorization", authorization);
    }
    return builder.build();
  }

  private static Path largestDataFile(Path backup) throws Exception {
    try (Stream<Path> files = Files.list(backup.resolve("data"))) {
      return files.max(Comparator.comparingLong(BackupRestoreIT::size)).orElseThrow();
    }
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void copyTree(Path from, Path to) throws Exception {
    try (Stream<Path> tree = Files.walk(from)) {
      for (Path p : tree.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          try (InputStream in = Files.newInputStream(p)) {
            Files.copy(in, target);
          }
        }
      }
    }
  }
}
