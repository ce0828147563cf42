package dev.tabula.model;

import java.util.Objects;

/**
 * A failure the client caused or must be told about, carrying the service's error code. Its message
 * is the text sent to the client, so it must never hold a key or a signature.
 */
public final class TableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final TableErrorCode code;

  public TableException(TableErrorCode code, String message) {
    super(message, null, false, false);
    this.code = Objects.requireNonNull(code, "code");
  }

  /** The service error code. */
  public TableErrorCode code() {
    return code;
  }
}
