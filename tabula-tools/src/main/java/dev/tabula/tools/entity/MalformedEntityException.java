package dev.tabula.tools.entity;

/** A JSON object or CSV row that is not an entity; its message says why, for the user. */
public final class MalformedEntityException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MalformedEntityException(String message) {
    super(message);
  }
}
