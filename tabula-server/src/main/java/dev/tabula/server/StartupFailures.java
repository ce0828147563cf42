package dev.tabula.server;

import dev.tabula.engine.rocksdb.RocksWalLossException;
import java.nio.file.Path;

/**
 * What {@code tabula serve} tells the operator, in one paragraph and an exit status rather than a
 * stack trace, when the data cannot be served as it is.
 */
final class StartupFailures {
  /** Exit status when the write-ahead log lost acknowledged writes and the loss is not accepted. */
  static final int EXIT_WAL_DATA_LOSS = 3;

  /** Exit status when the storage engine cannot open its data for another reason. */
  static final int EXIT_CANNOT_OPEN = 1;

  private StartupFailures() {}

  /** The refusal to start over a log that lost acknowledged writes, and the operator's choices. */
  static String walLoss(RocksWalLossException loss) {
    return "tabula: refusing to start: "
        + loss.getMessage()
        + ". Nothing on disk was changed."
        + " To keep every acknowledged write, stop here and restore "
        + loss.dataDir()
        + " from a backup (the whole directory, "
        + "including its TABULA-WAL-MARK file)."
        + " To start anyway with what can be recovered, losing those writes for good, run once"
        + " with --accept-wal-data-loss (or TABULA_ACCEPT_WAL_DATA_LOSS=true, or"
        + " accept-wal-data-loss=true in the config file).";
  }

  /** The engine could not open {@code dataDir}: the cause chain's messages, without a trace. */
  static String cannotOpen(Path dataDir, Throwable failure) {
    StringBuilder why = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t.getMessage() != null && why.indexOf(t.getMessage()) < 0) {
        why.append(why.length() == 0 ? "" : ": ").append(t.getMessage());
      }
    }
    return "tabula: cannot open the data in "
        + dataDir.toAbsolutePath()
        + ": "
        + why
        + ". Nothing was served. Check that no other process uses the directory and that it is"
        + " readable and writable; if RocksDB reports corruption, restore it from a backup.";
  }
}
