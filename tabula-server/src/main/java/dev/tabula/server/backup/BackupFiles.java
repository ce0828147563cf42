package dev.tabula.server.backup;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.stream.Stream;

/** File chores the backup and restore commands share. */
final class BackupFiles {
  private BackupFiles() {}

  /**
   * Whether {@code name} may be a file of a backup: a plain name, no directory, nothing that climbs
   * out ({@code ..}), printable ASCII. Anything else in an archive or a manifest is refused rather
   * than written where it says.
   */
  static boolean safeName(String name) {
    return !name.isEmpty()
        && name.length() <= 100
        && !name.equals(".")
        && !name.equals("..")
        && name.chars().allMatch(c -> c > ' ' && c < 127 && c != '/' && c != '\\');
  }

  /** Whether {@code dir} is absent or an empty directory. */
  static boolean absentOrEmpty(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return true;
    }
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> children = Files.list(dir)) {
      return children.findAny().isEmpty();
    }
  }

  /** Forces {@code file}'s bytes (or a directory's entries) to stable storage. */
  static void sync(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  /** The SHA-256 of {@code file} in lower-case hex. */
  static String sha256(Path file) throws IOException {
    MessageDigest digest = newSha256();
    byte[] buffer = new byte[64 * 1024];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  static MessageDigest newSha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** Deletes {@code dir} and everything in it; nothing when it is absent. */
  static void removeTree(Path dir) throws IOException {
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (NoSuchFileException gone) {
      // nothing to delete
    }
  }
}
