package dev.tabula.engine.cassandra;

/** Whether the engine is still open; every entry point checks it first. Thread-safe. */
final class CassandraLifecycle {
  private volatile boolean closed;

  void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("the storage engine is closed");
    }
  }

  boolean isClosed() {
    return closed;
  }

  /** Marks the engine closed; true only for the first call. */
  synchronized boolean close() {
    boolean first = !closed;
    closed = true;
    return first;
  }
}
