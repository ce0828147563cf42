package dev.tabula.server.backup;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Removes a backup's partial directory when the process is stopped (Ctrl-C, SIGTERM) before the
 * backup is done: a shutdown hook stops the download by closing its stream, waits for the command
 * to stop writing, removes the directory and says so. The JVM then exits with 130 after SIGINT.
 */
final class PartialCleanup {
  private static final long WAIT_SECONDS = 5;

  private final Path partial;
  private final PrintStream err;
  private final Thread hook;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final CountDownLatch removed = new CountDownLatch(1);
  private volatile boolean done;
  private volatile boolean interrupted;
  private volatile @Nullable InputStream body;
  private volatile String engine = "unknown";
  private volatile String serverVersion = "unknown";

  private PartialCleanup(Path partial, PrintStream err) {
    this.partial = partial;
    this.err = err;
    this.hook = new Thread(this::onShutdown, "tabula-backup-cleanup");
  }

  /** Watches over {@code partial} until {@link #done}. */
  static PartialCleanup install(Path partial, PrintStream err) {
    PartialCleanup cleanup = new PartialCleanup(partial, err);
    Runtime.getRuntime().addShutdownHook(cleanup.hook);
    return cleanup;
  }

  /** The archive's body, to be closed if the process is stopped; keeps the server's headers. */
  InputStream watch(HttpResponse<InputStream> response) {
    engine = response.headers().firstValue("X-Tabula-Engine").orElse("unknown");
    serverVersion = response.headers().firstValue("X-Tabula-Version").orElse("unknown");
    InputStream stream = response.body();
    body = stream;
    if (interrupted) {
      closeQuietly(stream);
    }
    return stream;
  }

  String engine() {
    return engine;
  }

  String serverVersion() {
    return serverVersion;
  }

  /** Whether the process is being stopped. */
  boolean interrupted() {
    return interrupted;
  }

  /** The backup is done (or failed and was cleaned up by the command): nothing left to remove. */
  void done() {
    done = true;
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs, and finds nothing to do
    }
  }

  /** Called by the command once it stopped writing; waits for the hook to remove the directory. */
  void awaitRemoval() throws InterruptedException {
    stopped.countDown();
    removed.await(WAIT_SECONDS, TimeUnit.SECONDS);
  }

  private void onShutdown() {
    if (done) {
      return;
    }
    interrupted = true;
    InputStream stream = body;
    if (stream != null) {
      closeQuietly(stream);
    }
    try {
      stopped.await(WAIT_SECONDS, TimeUnit.SECONDS);
      BackupFiles.removeTree(partial);
      err.println("tabula backup: interrupted; removed " + partial);
    } catch (IOException e) {
      err.println("tabula backup: interrupted; cannot remove " + partial + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      err.flush();
      removed.countDown();
    }
  }

  private static void closeQuietly(InputStream stream) {
    try {
      stream.close();
    } catch (IOException ignored) {
      // closing is how the download is stopped: a failure to close changes nothing
    }
  }
}
