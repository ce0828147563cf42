package dev.tabula.server.backup;

import dev.tabula.tools.cli.Progress;
import dev.tabula.tools.cli.ToolError;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tabula backup}: asks a running server's admin listener for a point-in-time copy of its
 * files ({@code POST /backup}), writes them into {@code DIR.partial} with a manifest of their sizes
 * and SHA-256, and renames that to {@code DIR} once everything is on disk. Ctrl-C removes the
 * partial directory (exit status 130).
 */
@Command(
    name = "backup",
    mixinStandardHelpOptions = true,
    description =
        "Back up a running server (RocksDB engine) through its admin listener into a new directory"
            + " (docs/backup.md).")
public final class BackupCommand implements Callable<Integer> {

  @Option(
      names = "--admin",
      paramLabel = "URL",
      description = "The server's admin listener (default http://127.0.0.1:10080).")
  URI admin = URI.create("http://127.0.0.1:10080");

  @Option(
      names = "--to",
      paramLabel = "DIR",
      required = true,
      description = "Where to write the backup: a directory that does not exist, or is empty.")
  Path to = Path.of(""); // required: picocli sets it

  @Option(
      names = "--admin-token",
      paramLabel = "TOKEN",
      description = "The server's --admin-token (default: env TABULA_ADMIN_TOKEN).")
  @Nullable String token;

  @Option(
      names = "--progress",
      paramLabel = "MODE",
      description = "auto, bar, lines or none (default auto).")
  Progress.Mode progress = Progress.Mode.AUTO;

  @Override
  public Integer call() throws IOException, InterruptedException {
    Path target = to.toAbsolutePath().normalize();
    if (!BackupFiles.absentOrEmpty(target)) {
      throw new ToolError(target + " is not empty: back up into a new directory");
    }
    Path partial = target.resolveSibling(target.getFileName() + ".partial");
    BackupFiles.removeTree(partial); // what an earlier, stopped run left
    Files.createDirectories(partial.resolve(BackupManifest.DATA));
    long begin = System.nanoTime();
    Instant taken = Instant.now();
    PartialCleanup cleanup = PartialCleanup.install(partial, System.err);
    try (InputStream body = cleanup.watch(request())) {
      List<BackupManifest.FileEntry> files;
      try (Progress shown =
          Progress.start(progress, System.err, "backup", "MiB", -1, 1024 * 1024)) {
        files =
            new BackupArchiveReader(body, shown::step)
                .extractInto(partial.resolve(BackupManifest.DATA));
      }
      BackupManifest manifest =
          new BackupManifest(
              cleanup.engine(),
              cleanup.serverVersion(),
              taken.toString(),
              (System.nanoTime() - begin) / 1_000_000,
              files);
      manifest.write(partial);
      BackupFiles.sync(partial.resolve(BackupManifest.DATA));
      BackupFiles.sync(partial);
      Files.deleteIfExists(target); // empty, as checked
      Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
      cleanup.done();
      System.out.printf(
          "Backed up %d files (%d bytes, %s engine, server %s) into %s in %d ms%n",
          files.size(),
          manifest.bytes(),
          manifest.engine(),
          manifest.serverVersion(),
          target,
          manifest.tookMillis());
      return 0;
    } catch (IOException | RuntimeException e) {
      if (cleanup.interrupted()) {
        cleanup.awaitRemoval(); // the JVM exits with 130 once the hook has removed it
        return 130;
      }
      cleanup.done();
      BackupFiles.removeTree(partial);
      throw e;
    }
  }

  /** Sends {@code POST /backup}; the archive's body, or the server's refusal as an error. */
  private HttpResponse<InputStream> request() throws IOException, InterruptedException {
    URI uri = admin.resolve("/backup");
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.noBody());
    String presented = token != null ? token : System.getenv("TABULA_ADMIN_TOKEN");
    if (presented != null && !presented.isBlank()) {
      request.header("Authorization", "Bearer " + presented.strip());
    }
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1) // the admin listener speaks HTTP/1.1 only
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    HttpResponse<InputStream> response;
    try {
      response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (ConnectException e) {
      throw new IOException("cannot reach the admin listener at " + admin + " (--admin)", e);
    }
    if (response.statusCode() == 200) {
      return response;
    }
    String said;
    try (InputStream error = response.body()) {
      said = new String(error.readNBytes(4096), StandardCharsets.UTF_8).strip();
    }
    String line = "the server refused the backup (" + response.statusCode() + "): " + said;
    if (response.statusCode() == 401 || response.statusCode() == 403) {
      throw new ToolError(line); // the token is the caller's to fix
    }
    throw new IOException(line);
  }
}
