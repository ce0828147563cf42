package dev.tabula.conformance.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A small tmpfs mounted for one test, so that a disk really runs out of space: filled by the test
 * with filler files and freed by deleting them.
 *
 * <p>Two ways to mount it. {@link #mount} mounts it here, visible to the test's own JVM (an
 * in-process server); that needs root and mount rights. {@link #mountInOwnNamespace} needs no root
 * where the kernel lets users create user namespaces (most Linux systems): a holder process made by
 * {@code unshare -Urm} is root in a user and mount namespace of its own and mounts the tmpfs there;
 * servers are started inside that namespace ({@link #launcher}, {@code nsenter}), and the test
 * fills and frees the disk through {@code /proc/HOLDER/root}. The mount lives as long as the
 * holder, so it outlives a server killed with SIGKILL. Where neither works, the calling test is
 * skipped, saying why.
 */
public final class SmallFileSystem implements AutoCloseable {
  /** Where the server sees the file system. */
  private final Path mount;

  /** Where the test sees it: the mount itself, or the holder's view of it. */
  private final Path view;

  /** The namespace's holder, or null when mounted here. */
  private final Process holder;

  private SmallFileSystem(Path mount, Path view, Process holder) {
    this.mount = mount;
    this.view = view;
    this.holder = holder;
  }

  /** Mounts a tmpfs of {@code megabytes} at {@code parent/fs}, or skips the calling test. */
  public static SmallFileSystem mount(Path parent, int megabytes) throws Exception {
    Path mount = Files.createDirectories(parent.resolve("fs"));
    int exit =
        run("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs", mount.toString());
    Assumptions.assumeTrue(
        exit == 0,
        "cannot mount a tmpfs here (needs root and mount rights): the disk-full tests are skipped");
    return new SmallFileSystem(mount, mount, null);
  }

  /**
   * Mounts a tmpfs of {@code megabytes} at {@code parent/fs} in a user and mount namespace of its
   * own (no root needed), or skips the calling test.
   */
  public static SmallFileSystem mountInOwnNamespace(Path parent, int megabytes) throws Exception {
    Path mount = Files.createDirectories(parent.resolve("fs"));
    String script =
        "mount -t tmpfs -o size="
            + megabytes
            + "m tmpfs '"
            + mount
            + "' && echo mounted && exec sleep 3600";
    Process holder;
    try {
      holder =
          new ProcessBuilder("unshare", "-Urm", "sh", "-c", script)
              .redirectErrorStream(true)
              .start();
    } catch (IOException e) {
      Assumptions.abort("no unshare command: the disk-full tests are skipped (" + e + ")");
      throw e;
    }
    CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> firstLine(holder));
    String line = first.completeOnTimeout("(no answer in 30 s)", 30, TimeUnit.SECONDS).join();
    if (!"mounted".equals(line)) {
      holder.destroyForcibly();
      Assumptions.abort(
          "cannot mount a tmpfs in a user namespace here ("
              + line
              + "): the disk-full tests are skipped");
    }
    return new SmallFileSystem(
        mount,
        Path.of("/proc", Long.toString(holder.pid()), "root")
            .resolve(mount.toString().substring(1)),
        holder);
  }

  private static String firstLine(Process process) {
    try {
      String line =
          new BufferedReader(
                  new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
      return line == null ? "exited " + process.waitFor() : line;
    } catch (IOException e) {
      return e.toString();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return e.toString();
    }
  }

  /** The command that runs a server where it sees the file system: nothing, or nsenter. */
  public List<String> launcher() {
    if (holder == null) {
      return List.of();
    }
    return List.of(
        "nsenter",
        "--preserve-credentials",
        "--user",
        "--mount",
        "--target",
        Long.toString(holder.pid()));
  }

  /** A path on the file system, as a server sees it. */
  public Path resolve(String name) {
    return mount.resolve(name);
  }

  /** Writes filler files until the file system refuses more: 1 MiB chunks, then 512 bytes. */
  public void fill() throws IOException {
    fillWith(view.resolve("filler"), 1 << 20);
    fillWith(view.resolve("filler-small"), 512);
  }

  /** Deletes the filler files. */
  public void free() throws IOException {
    Files.deleteIfExists(view.resolve("filler"));
    Files.deleteIfExists(view.resolve("filler-small"));
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

  /**
   * Unmounts (lazily: a server killed a moment ago may still hold files open), or ends the holder,
   * and with it the namespace and its tmpfs once no server is left in it.
   */
  @Override
  public void close() throws Exception {
    if (holder != null) {
      holder.destroyForcibly();
      holder.waitFor(30, TimeUnit.SECONDS);
      return;
    }
    if (run("mountpoint", "-q", mount.toString()) == 0) {
      run("umount", "-l", mount.toString());
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      return -1;
    }
    return process.exitValue();
  }
}
