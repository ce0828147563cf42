package dev.tabula.conformance.support;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A small tmpfs mounted for one test, so that a disk really runs out of space: filled by the test
 * with filler files and freed by deleting them. Mounting needs root and mount rights (CI runs as
 * root); elsewhere {@link #mount} skips the test, saying why.
 */
public final class SmallFileSystem implements AutoCloseable {
  private final Path mount;

  private SmallFileSystem(Path mount) {
    this.mount = mount;
  }

  /** Mounts a tmpfs of {@code megabytes} at {@code parent/fs}, or skips the calling test. */
  public static SmallFileSystem mount(Path parent, int megabytes) throws Exception {
    Path mount = Files.createDirectories(parent.resolve("fs"));
    int exit = run("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs",
        mount.toString());
    Assumptions.assumeTrue(exit == 0,
        "cannot mount a tmpfs here (needs root and mount rights): the disk-full tests are skipped");
    return new SmallFileSystem(mount);
  }

  /** A path on the file system. */
  public Path resolve(String name) {
    return mount.resolve(name);
  }

  /** Writes filler files until the file system refuses more: 1 MiB chunks, then 512 bytes. */
  public void fill() throws IOException {
    fillWith(mount.resolve("filler"), 1 << 20);
    fillWith(mount.resolve("filler-small"), 512);
  }

  /** Deletes the filler files. */
  public void free() throws IOException {
    Files.deleteIfExists(mount.resolve("filler"));
    Files.deleteIfExists(mount.resolve("filler-small"));
  }

  private static void fillWith(Path file, int chunk) throws IOException {
    byte[] bytes = new byte[chunk];
    try (OutputStream out = Files.newOutputStream(file)) {
      while (true) {
        out.write(bytes);
        out.flush();
      }
    } catch (IOException e) {
      if (!String.valueOf(e.getMessage()).contains("No space left")) {
        throw e;
      }
    }
  }

  /** Unmounts (lazily: a server killed a moment ago may still hold files open). */
  @Override
  public void close() throws Exception {
    if (run("mountpoint", "-q", mount.toString()) == 0) {
      run("umount", "-l", mount.toString());
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      return -1;
    }
    return process.exitValue();
  }
}
