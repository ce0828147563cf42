package dev.tabula.server;

import java.util.List;
import sun.misc.Signal;

/**
 * Turns SIGTERM and SIGINT (Ctrl-C) into a graceful stop that ends with exit status 0.
 *
 * <p>By default the JVM answers those signals by running its shutdown hooks and exiting with 143 or
 * 130 (128 + the signal), however cleanly the hooks stopped the server: process managers and
 * container runtimes would report every ordinary stop as a failure. Handling the signals here
 * instead leaves the stop, and its exit status, to {@code tabula serve}'s main thread. {@code
 * sun.misc.Signal} comes from the {@code jdk.unsupported} module, which the JDK keeps exported for
 * exactly such uses on Java 17, 21 and later; where a signal cannot be handled (an unusual
 * platform), {@link #install} says so and the caller falls back to a shutdown hook.
 */
final class StopSignals {
  private StopSignals() {}

  /**
   * Runs {@code stop} on each SIGTERM or SIGINT from now on, instead of the JVM's exit.
   *
   * @return false when the signals cannot be handled on this platform
   */
  static boolean install(Runnable stop) {
    try {
      for (String name : List.of("TERM", "INT")) {
        Signal.handle(new Signal(name), signal -> stop.run());
      }
      return true;
    } catch (IllegalArgumentException | LinkageError unavailable) {
      return false;
    }
  }
}
