package dev.tabula.tools.cli;

/**
 * The exit statuses of the data commands, documented in the README: a script can tell a finished
 * job from a partial one.
 */
public final class ExitStatus {
  /** Everything was done. */
  public static final int DONE = 0;

  /** The command ran, but the service refused some rows or requests (each one was reported). */
  public static final int PARTIAL = 1;

  /** A mistake in the command (see {@link ToolError}). */
  public static final int USAGE = ToolError.EXIT_STATUS;

  /** Stopped by Ctrl-C or SIGTERM after a clean stop (an import can go on with --resume). */
  public static final int INTERRUPTED = 130;

  private ExitStatus() {}
}
