package dev.tabula.tools.cli;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM as a request to stop cleanly: the command stops reading, lets the
 * transactions in flight finish, saves where it got and exits with {@link ExitStatus#INTERRUPTED}.
 * A second signal ends the process at once (an import's state file then holds what was saved last,
 * at most 200 ms before). The JVM's own handling would run shutdown hooks while the command's
 * threads still write, and choose the exit status itself; {@code sun.misc.Signal} (module {@code
 * jdk.unsupported}, exported on Java 17 and later) leaves both to the command. Where the signals
 * cannot be handled, the JVM's default stays: the process ends, and --resume goes on from the last
 * save.
 */
public final class StopSignal implements BooleanSupplier {
  private final AtomicBoolean asked = new AtomicBoolean();

  private StopSignal() {}

  /** Handles SIGINT and SIGTERM from now on. */
  public static StopSignal install() {
    StopSignal stop = new StopSignal();
    try {
      for (String name : List.of("INT", "TERM")) {
        Signal.handle(new Signal(name), signal -> stop.ask());
      }
    } catch (IllegalArgumentException | LinkageError unavailable) {
      // The JVM's default handling stays.
    }
    return stop;
  }

  private void ask() {
    if (!asked.compareAndSet(false, true)) {
      Runtime.getRuntime().halt(ExitStatus.INTERRUPTED);
    }
  }

  /** Whether a stop was asked for. */
  @Override
  public boolean getAsBoolean() {
    return asked.get();
  }
}
