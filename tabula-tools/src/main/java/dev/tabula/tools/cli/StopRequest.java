package dev.tabula.tools.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM as a request to stop cleanly: the command's loop sees {@link
 * #requested()}, stops between two entities, removes its partial file and ends with {@link
 * ExitStatus#INTERRUPTED}. Should the loop not get there within {@value #GRACE_SECONDS} s (a
 * request hanging on a silent endpoint), a watchdog removes the partial file itself and halts the
 * JVM with the same status. {@code sun.misc.Signal} comes from the {@code jdk.unsupported} module,
 * which the JDK keeps exported for such uses; where the signals cannot be handled, the JVM's
 * default (exit 130 on Ctrl-C) applies and a shutdown hook still removes the partial file.
 */
final class StopRequest {
  static final int GRACE_SECONDS = 5;

  private volatile boolean requested;
  private volatile @Nullable Path partial;

  private StopRequest() {}

  /** Handles SIGINT and SIGTERM from now on. */
  static StopRequest install() {
    StopRequest stop = new StopRequest();
    try {
      for (String name : List.of("INT", "TERM")) {
        Signal.handle(new Signal(name), signal -> stop.request());
      }
    } catch (IllegalArgumentException | LinkageError unavailable) {
      Runtime.getRuntime().addShutdownHook(new Thread(stop::removePartial, "remove-partial"));
    }
    return stop;
  }

  /** Whether a stop was asked for. */
  boolean requested() {
    return requested;
  }

  /** The file to remove if the stop cannot wait for the command; null when there is none. */
  void guard(@Nullable Path file) {
    this.partial = file;
  }

  private void request() {
    if (requested) {
      return;
    }
    requested = true;
    Thread watchdog =
        new Thread(
            () -> {
              try {
                Thread.sleep(GRACE_SECONDS * 1000L);
              } catch (InterruptedException e) {
                return;
              }
              removePartial();
              Runtime.getRuntime().halt(ExitStatus.INTERRUPTED);
            },
            "stop-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
  }

  private void removePartial() {
    Path file = partial;
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // the process is ending; the .partial name still says the file is not whole
      }
    }
  }
}
