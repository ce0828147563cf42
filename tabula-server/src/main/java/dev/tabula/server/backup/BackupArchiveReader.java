package dev.tabula.server.backup;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Reads the tar archive the admin listener's {@code POST /backup} sends: the snapshot's files, then
 * {@code SHA256SUMS} with each file's SHA-256 as the server read it, then the archive's end (two
 * zero blocks). Each file is written into a directory and hashed as it arrives; the sums must
 * match, and an archive that stops early (the server or the network failed midway) is refused.
 */
final class BackupArchiveReader {
  static final String SUMS = "SHA256SUMS";
  private static final int BLOCK = 512;

  private final InputStream in;
  private final LongConsumer progress;

  /** Reads {@code in}, telling {@code progress} of each chunk of bytes read. */
  BackupArchiveReader(InputStream in, LongConsumer progress) {
    this.in = in;
    this.progress = progress;
  }

  /**
   * Writes every file of the archive into {@code dir} (synced) and returns them in archive order.
   *
   * @throws IOException when the archive is cut short, malformed, or a file's bytes do not match
   *     the server's sum
   */
  List<BackupManifest.FileEntry> extractInto(Path dir) throws IOException {
    List<BackupManifest.FileEntry> files = new ArrayList<>();
    byte[] header = new byte[BLOCK];
    while (true) {
      readFully(header);
      if (allZero(header)) {
        throw new IOException("the backup archive ended without the server's SHA256SUMS");
      }
      String name = field(header, 0, 100);
      long size = size(header);
      if (name.equals(SUMS)) {
        byte[] text = new byte[Math.toIntExact(size)];
        readFully(text);
        skip(padding(size));
        readFully(header);
        if (!allZero(header)) {
          throw new IOException("the backup archive has data after SHA256SUMS");
        }
        check(files, new String(text, StandardCharsets.US_ASCII));
        return files;
      }
      if (!BackupFiles.safeName(name) || header[156] != '0') {
        throw new IOException("the backup archive holds an unexpected entry: " + name);
      }
      files.add(new BackupManifest.FileEntry(name, size, copy(dir.resolve(name), size)));
      skip(padding(size));
    }
  }

  /** Copies {@code size} bytes into {@code target}; returns their SHA-256. */
  private String copy(Path target, long size) throws IOException {
    MessageDigest digest = BackupFiles.newSha256();
    byte[] buffer = new byte[64 * 1024];
    try (OutputStream out = Files.newOutputStream(target)) {
      long left = size;
      while (left > 0) {
        int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
        if (n < 0) {
          throw new EOFException("the backup archive was cut short in " + target.getFileName());
        }
        out.write(buffer, 0, n);
        digest.update(buffer, 0, n);
        left -= n;
        progress.accept(n);
      }
    }
    BackupFiles.sync(target);
    return HexFormat.of().formatHex(digest.digest());
  }

  /** The server's sums must name exactly the files received, each with the same SHA-256. */
  private static void check(List<BackupManifest.FileEntry> files, String sums) throws IOException {
    Map<String, String> sent = new HashMap<>();
    for (String line : sums.split("\n")) {
      if (!line.isBlank()) {
        int gap = line.indexOf("  ");
        sent.put(line.substring(gap + 2), line.substring(0, gap));
      }
    }
    if (sent.size() != files.size()) {
      throw new IOException("the server listed " + sent.size() + " files but sent " + files.size());
    }
    for (BackupManifest.FileEntry file : files) {
      if (!file.sha256().equals(sent.get(file.name()))) {
        throw new IOException(file.name() + " arrived with another SHA-256 than the server sent");
      }
    }
  }

  private static long size(byte[] header) throws IOException {
    try {
      return Long.parseLong(field(header, 124, 12).trim(), 8);
    } catch (NumberFormatException e) {
      throw new IOException("the backup archive has a damaged header", e);
    }
  }

  private void readFully(byte[] block) throws IOException {
    int done = 0;
    while (done < block.length) {
      int n = in.read(block, done, block.length - done);
      if (n < 0) {
        throw new EOFException("the backup archive was cut short (the server stopped sending)");
      }
      done += n;
    }
    progress.accept(block.length);
  }

  private void skip(int n) throws IOException {
    if (n > 0) {
      readFully(new byte[n]);
    }
  }

  private static int padding(long size) {
    return (int) ((BLOCK - size % BLOCK) % BLOCK);
  }

  private static boolean allZero(byte[] block) {
    for (byte b : block) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }

  /** A NUL-terminated ASCII field of a tar header. */
  private static String field(byte[] header, int offset, int length) {
    int end = offset;
    while (end < offset + length && header[end] != 0) {
      end++;
    }
    return new String(header, offset, end - offset, StandardCharsets.US_ASCII);
  }
}
