package dev.tabula.engine;

import java.util.Objects;

/**
 * A call the store could not carry out, said in the engine's words: what happened to the data, not
 * what a client is told. Core turns each {@link Kind} into the service's error in one place (its
 * {@code StorageErrors}). The message is for the server's log. Thrown by any SPI call, or completes
 * an {@link EntityStore#applyAsync} stage. Without a stack trace: these are expected conditions of
 * a store (a node down, a full disk), reported as often as requests arrive during one.
 */
public final class StorageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What the caller may conclude about its request. */
  public enum Kind {
    /**
     * The store could not take the request now (too few replicas alive, overloaded, too contended)
     * and did nothing; the same request may succeed later.
     */
    UNAVAILABLE,

    /**
     * The store's disk is full: writes are refused, and this one wrote nothing, until space is
     * freed; reads go on.
     */
    OUT_OF_SPACE,

    /**
     * A write ended without an answer (a timeout, a connection lost mid-request): it may or may not
     * have been applied, or may still be.
     */
    OUTCOME_UNKNOWN,

    /** The table id names no table the catalog lists: the table was deleted. Nothing happened. */
    NO_SUCH_TABLE
  }

  private final Kind kind;

  public StorageException(Kind kind, String message) {
    super(message, null, false, false);
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  /** What the caller may conclude. */
  public Kind kind() {
    return kind;
  }
}
