package dev.tabula.server;

import org.jspecify.annotations.Nullable;

/**
 * A mistake in how the server was started (a setting, a file, a port, a data directory) rather than
 * a fault of the server: {@code tabula serve} prints its message as one line on standard error and
 * exits with {@link #EXIT_STATUS}, without a stack trace unless {@code --debug} asks for one.
 *
 * <p>The message is the whole line, starting {@code tabula: }, and names what to change (the flag,
 * environment variable or config-file key it came from). It never holds an account key.
 */
final class OperatorError extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The exit status of an operator mistake; the same that picocli gives a usage error. */
  static final int EXIT_STATUS = 2;

  OperatorError(String line) {
    super(oneLine(line));
  }

  OperatorError(String line, @Nullable Throwable cause) {
    super(oneLine(line), cause);
  }

  /** A library's message can span lines; the operator gets one. */
  static String oneLine(String text) {
    return text.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
  }
}
