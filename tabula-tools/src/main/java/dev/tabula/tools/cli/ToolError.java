package dev.tabula.tools.cli;

/**
 * A mistake in how a command was asked (a connection string without a key, a file that cannot be
 * read, a table name the service refuses): one line for the user and exit status {@value
 * #EXIT_STATUS}, like the server's operator errors. The message names what to fix.
 */
public final class ToolError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Picocli's status for invalid input, the server's for operator mistakes. */
  public static final int EXIT_STATUS = 2;

  public ToolError(String message) {
    super(message);
  }

  public ToolError(String message, Throwable cause) {
    super(message, cause);
  }
}
