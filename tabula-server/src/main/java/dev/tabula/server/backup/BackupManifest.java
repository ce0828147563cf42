package dev.tabula.server.backup;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What a backup directory holds, written last by {@code tabula backup} and checked first by {@code
 * tabula restore}: {@value #FILE_NAME} (a properties file) next to the {@value #DATA} directory.
 *
 * @param engine the engine whose files these are ({@code rocksdb})
 * @param serverVersion the version of the server that sent them
 * @param taken when the backup was taken (ISO-8601 UTC)
 * @param tookMillis how long the backup took, from request to the last byte
 * @param files each file of {@value #DATA}, in the order to copy them
 */
record BackupManifest(
    String engine, String serverVersion, String taken, long tookMillis, List<FileEntry> files) {
  static final String FILE_NAME = "tabula-backup.properties";
  static final String DATA = "data";
  private static final String FORMAT = "1";

  BackupManifest {
    files = List.copyOf(files);
  }

  /**
   * One file.
   *
   * @param name its name in {@value #DATA}
   * @param size its length in bytes
   * @param sha256 its SHA-256, in lower-case hex
   */
  record FileEntry(String name, long size, String sha256) {}

  /** The total of the files' sizes. */
  long bytes() {
    return files.stream().mapToLong(FileEntry::size).sum();
  }

  /** Writes the manifest into {@code dir}, synced. */
  void write(Path dir) throws IOException {
    Properties p = new Properties();
    p.setProperty("format", FORMAT);
    p.setProperty("engine", engine);
    p.setProperty("server-version", serverVersion);
    p.setProperty("taken", taken);
    p.setProperty("took-ms", Long.toString(tookMillis));
    p.setProperty("files", Integer.toString(files.size()));
    for (int i = 0; i < files.size(); i++) {
      FileEntry f = files.get(i);
      p.setProperty("file." + i, f.size() + " " + f.sha256() + " " + f.name());
    }
    Writer text = new StringWriter();
    p.store(text, "tabula backup: the files in data/, their sizes and SHA-256; do not edit");
    Path file = dir.resolve(FILE_NAME);
    Files.writeString(file, text.toString(), StandardCharsets.ISO_8859_1);
    BackupFiles.sync(file);
  }

  /**
   * The manifest of the backup in {@code dir}.
   *
   * @throws BackupDamagedException when there is none, or it cannot be read as one
   */
  static BackupManifest read(Path dir) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      p.load(in);
    } catch (NoSuchFileException e) {
      throw new BackupDamagedException(dir, FILE_NAME, "missing: this is not a tabula backup");
    }
    try {
      if (!FORMAT.equals(p.getProperty("format"))) {
        throw new IllegalArgumentException("unknown format " + p.getProperty("format"));
      }
      int count = Integer.parseInt(required(p, "files"));
      TreeMap<Integer, FileEntry> entries = new TreeMap<>();
      for (int i = 0; i < count; i++) {
        String[] parts = required(p, "file." + i).split(" ", 3);
        if (parts.length != 3 || !BackupFiles.safeName(parts[2])) {
          throw new IllegalArgumentException("file." + i + " is not SIZE SHA256 NAME");
        }
        entries.put(i, new FileEntry(parts[2], Long.parseLong(parts[0]), parts[1]));
      }
      return new BackupManifest(
          required(p, "engine"),
          required(p, "server-version"),
          required(p, "taken"),
          Long.parseLong(required(p, "took-ms")),
          new ArrayList<>(entries.values()));
    } catch (IllegalArgumentException e) { // NumberFormatException included
      throw new BackupDamagedException(dir, FILE_NAME, "unreadable: " + e.getMessage());
    }
  }

  private static String required(Properties p, String key) {
    String value = p.getProperty(key);
    if (value == null) {
      throw new IllegalArgumentException("no " + key);
    }
    return value;
  }
}
