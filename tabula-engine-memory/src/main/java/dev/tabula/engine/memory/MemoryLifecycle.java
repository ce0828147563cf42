package dev.tabula.engine.memory;

/** Whether the engine is still open; every call checks it so calls after close fail. */
final class MemoryLifecycle {
  private volatile boolean closed;

  void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("the storage engine is closed");
    }
  }

  boolean isClosed() {
    return closed;
  }

  void close() {
    closed = true;
  }
}
