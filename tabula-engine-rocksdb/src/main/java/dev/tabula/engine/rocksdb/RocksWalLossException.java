package dev.tabula.engine.rocksdb;

import java.nio.file.Path;

/**
 * The write-ahead log no longer holds writes that were acknowledged: recovery would end at {@link
 * #recovered()} while every write up to {@link #acknowledged()} had been acknowledged (see {@link
 * RocksWalMark}). The engine refuses to open rather than serve less than it acknowledged; nothing
 * on disk has been changed when this is thrown. Opening with {@link
 * RocksOptions#withAcceptWalDataLoss} starts from what can be recovered instead.
 */
public final class RocksWalLossException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Path dataDir;
  private final transient Path logFile;
  private final long recovered;
  private final long acknowledged;

  RocksWalLossException(Path dataDir, Path logFile, long recovered, long acknowledged) {
    super(describe(dataDir, logFile, recovered, acknowledged));
    this.dataDir = dataDir;
    this.logFile = logFile;
    this.recovered = recovered;
    this.acknowledged = acknowledged;
  }

  /** One sentence saying what was lost and where, for the operator. */
  static String describe(Path dataDir, Path logFile, long recovered, long acknowledged) {
    String where =
        logFile == null
            ? "a write-ahead log file (.log) of " + dataDir + " is missing or damaged"
            : "the write-ahead log "
                + logFile
                + (logFile.toFile().exists()
                    ? " is damaged (cut short or overwritten) from the write after sequence number "
                        + recovered
                    : " is missing");
    return "the RocksDB data in "
        + dataDir
        + " lost acknowledged writes: "
        + where
        + "; recovery ends at sequence number "
        + recovered
        + " but writes up to "
        + acknowledged
        + " had been acknowledged ("
        + (acknowledged - recovered)
        + " entity or table changes lost)";
  }

  /** The database's directory. */
  public Path dataDir() {
    return dataDir;
  }

  /** The log file where the lost writes were, or null when the mark did not know it. */
  public Path logFile() {
    return logFile;
  }

  /** The last sequence number recovery reaches. */
  public long recovered() {
    return recovered;
  }

  /** The last sequence number known acknowledged. */
  public long acknowledged() {
    return acknowledged;
  }
}
