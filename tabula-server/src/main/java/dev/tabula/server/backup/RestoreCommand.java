package dev.tabula.server.backup;

import dev.tabula.engine.TableInfo;
import dev.tabula.engine.rocksdb.RocksOptions;
import dev.tabula.engine.rocksdb.RocksStorageEngine;
import dev.tabula.model.AccountNames;
import dev.tabula.tools.cli.Progress;
import dev.tabula.tools.cli.ToolError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tabula restore}: checks a backup written by {@code tabula backup} against its manifest
 * (every file present, of its size and SHA-256), copies it into a new data directory, and opens the
 * result with the RocksDB engine to show it is whole. A damaged backup is refused before anything
 * is copied (exit status 1); a data directory that is not empty is refused (2).
 */
@Command(
    name = "restore",
    mixinStandardHelpOptions = true,
    description =
        "Check a backup and copy it into a new data directory for tabula serve --data-dir"
            + " (docs/backup.md).")
public final class RestoreCommand implements Callable<Integer> {
  private static final int SHOWN_TABLES = 20;

  @Option(
      names = "--from",
      paramLabel = "DIR",
      required = true,
      description = "A backup directory written by tabula backup.")
  Path from = Path.of(""); // required: picocli sets it

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      required = true,
      description = "The data directory to create: it must not exist, or be empty.")
  Path dataDir = Path.of(""); // required: picocli sets it

  @Option(
      names = "--account",
      paramLabel = "NAME",
      description = "Accounts whose tables the summary lists (default devstoreaccount1).")
  List<String> accounts = new ArrayList<>(List.of("devstoreaccount1"));

  @Option(
      names = "--progress",
      paramLabel = "MODE",
      description = "auto, bar, lines or none (default auto).")
  Progress.Mode progress = Progress.Mode.AUTO;

  @Override
  public Integer call() throws IOException {
    for (String account : accounts) {
      try {
        AccountNames.check(account);
      } catch (IllegalArgumentException e) {
        throw new ToolError("--account: " + e.getMessage());
      }
    }
    if (!Files.isDirectory(from)) {
      throw new ToolError(from + " is not a directory (--from)");
    }
    if (!BackupFiles.absentOrEmpty(dataDir)) {
      throw new ToolError(dataDir + " is not empty: restore into a new data directory");
    }
    BackupManifest manifest = BackupManifest.read(from);
    if (!manifest.engine().equals("rocksdb")) {
      throw new ToolError("the backup is of the " + manifest.engine() + " engine, not rocksdb");
    }
    Path data = from.resolve(BackupManifest.DATA);
    try (Progress shown =
        Progress.start(progress, System.err, "check", "MiB", 2 * manifest.bytes(), 1024 * 1024)) {
      verify(manifest, data, shown);
      boolean created = !Files.exists(dataDir);
      try {
        copy(manifest, data, shown);
      } catch (IOException | RuntimeException e) {
        removeCopied(manifest, created);
        throw e;
      }
    }
    List<String> summary;
    try {
      summary = summary();
    } catch (RuntimeException e) {
      throw new IOException(
          "the restored "
              + dataDir
              + " does not open as a RocksDB database (left as it is for inspection): "
              + e.getMessage(),
          e);
    }
    System.out.printf(
        "Restored %d files (%d bytes, taken %s by server %s) into %s%n",
        manifest.files().size(),
        manifest.bytes(),
        manifest.taken(),
        manifest.serverVersion(),
        dataDir);
    summary.forEach(System.out::println);
    System.out.println("Start the server with: tabula serve --data-dir " + dataDir);
    return 0;
  }

  /** Every file of the manifest, present with its size and SHA-256; one line for the first not. */
  private void verify(BackupManifest manifest, Path data, Progress shown) throws IOException {
    for (BackupManifest.FileEntry file : manifest.files()) {
      Path path = data.resolve(file.name());
      String name = BackupManifest.DATA + "/" + file.name();
      if (!Files.isRegularFile(path)) {
        throw new BackupDamagedException(from, name, "is missing");
      }
      long size = Files.size(path);
      if (size != file.size()) {
        throw new BackupDamagedException(
            from, name, "has " + size + " bytes, the manifest says " + file.size());
      }
      if (!BackupFiles.sha256(path).equals(file.sha256())) {
        throw new BackupDamagedException(from, name, "does not match its SHA-256");
      }
      shown.step(size);
    }
  }

  private void copy(BackupManifest manifest, Path data, Progress shown) throws IOException {
    Files.createDirectories(dataDir);
    for (BackupManifest.FileEntry file : manifest.files()) {
      Path target = dataDir.resolve(file.name());
      Files.copy(data.resolve(file.name()), target);
      BackupFiles.sync(target);
      shown.step(file.size());
    }
    BackupFiles.sync(dataDir);
  }

  private void removeCopied(BackupManifest manifest, boolean created) throws IOException {
    for (BackupManifest.FileEntry file : manifest.files()) {
      Files.deleteIfExists(dataDir.resolve(file.name()));
    }
    if (created) {
      Files.deleteIfExists(dataDir);
    }
  }

  /** Opens the restored directory as the server will, and lists its tables. */
  private List<String> summary() {
    List<String> lines = new ArrayList<>();
    try (RocksStorageEngine engine = new RocksStorageEngine(dataDir, RocksOptions.defaults())) {
      for (String account : accounts) {
        List<TableInfo> tables = engine.catalog().listTables(account, null, Integer.MAX_VALUE);
        List<String> shown = tables.stream().limit(SHOWN_TABLES).map(TableInfo::name).toList();
        lines.add(
            "  "
                + account
                + ": "
                + tables.size()
                + " tables"
                + (shown.isEmpty() ? "" : " (" + String.join(", ", shown))
                + (tables.size() > SHOWN_TABLES ? ", ...)" : shown.isEmpty() ? "" : ")"));
      }
    }
    return lines;
  }
}
