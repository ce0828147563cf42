package dev.tabula.tools.client;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The service refused a request: its HTTP status, its error code ({@code TableNotFound}) and its
 * message's first line. Thrown after the retries for busy answers are spent.
 */
public final class ServiceException extends IOException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String code;

  public ServiceException(int status, @Nullable String code, String message) {
    super(status + " " + (code == null ? "" : code + ": ") + message);
    this.status = status;
    this.code = code == null ? "" : code;
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** The service's error code, or empty when the answer had none. */
  public String code() {
    return code;
  }
}
