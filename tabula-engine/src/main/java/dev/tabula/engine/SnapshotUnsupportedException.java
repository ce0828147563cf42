package dev.tabula.engine;

/**
 * Thrown by {@link StorageEngine#snapshot()} when the engine cannot copy its files; the message is
 * one line an operator can act on: what to use instead.
 */
public final class SnapshotUnsupportedException extends UnsupportedOperationException {
  private static final long serialVersionUID = 1L;

  /** {@code reason}: one line, without a trailing period. */
  public SnapshotUnsupportedException(String reason) {
    super(reason);
  }
}
