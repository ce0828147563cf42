package dev.tabula.engine.rocksdb;

/**
 * RocksDB failed (an I/O error, corruption, a full disk). A write that fails with it has not been
 * acknowledged; whether it survives a restart is unknown, as with any failed write.
 */
public final class RocksStorageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RocksStorageException(String message, Throwable cause) {
    super(message, cause);
  }
}
