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

  /**
   * Whether RocksDB refused {@code failure} because another process holds the data directory's
   * lock: RocksDB takes an exclusive lock on its {@code LOCK} file ("While lock file: DIR/LOCK:
   * Resource temporarily unavailable"), which only one open database can hold.
   */
  static boolean heldByAnotherServer(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      String message = t.getMessage();
      if (message != null && message.contains("lock file") && message.contains("LOCK")) {
        return true;
      }
    }
    return false;
  }

  /** The data directory is another running server's. */
  static String dataDirInUse(Path dataDir, String source) {
    return "tabula: the data directory "
        + dataDir.toAbsolutePath().normalize()
        + " ("
        + source
        + ") is in use by another running Tabula server; stop that one, or choose another"
        + " directory with --data-dir or TABULA_DATA_DIR";
  }

  /**
   * A listener could not bind its port; {@code source} is where the port came from ({@link
   * ConfigResolver#sourceOf}).
   */
  static String cannotListen(ListenFailure failure, String source) {
    String flag = "--" + failure.setting();
    String env = "TABULA_" + failure.setting().toUpperCase(java.util.Locale.ROOT).replace('-', '_');
    String setBy =
        (source.equals("the default") ? "the default of " + flag : "set by " + source)
            + "; choose another with "
            + flag
            + " or "
            + env;
    if (failure.portInUse()) {
      return "tabula: port " + failure.port() + " is already in use (" + setBy + ")";
    }
    if (failure.permissionDenied()) {
      return "tabula: no permission to listen on port "
          + failure.port()
          + " (ports below 1024 need privileges; "
          + setBy
          + ")";
    }
    return "tabula: cannot listen on "
        + failure.host()
        + ":"
        + failure.port()
        + " ("
        + setBy
        + ", or the address with --host): "
        + OperatorError.oneLine(failure.reason());
  }

  /**
   * The Cassandra engine could not open its session (no contact point answered, a refused login, a
   * keyspace it may not create): one line with the driver's reasons, without a trace.
   */
  static String cannotReachCassandra(String contactPoints, String source, Throwable failure) {
    return "tabula: cannot open the Cassandra engine on "
        + contactPoints
        + " ("
        + (source.equals("the default") ? "the default of --cassandra-contact-points" : source)
        + "): "
        + OperatorError.oneLine(reasons(failure))
        + ". Nothing was served. Check that the cluster is up and reachable from here, and the"
        + " --cassandra-* settings (data center, credentials, TLS).";
  }

  /** The engine could not open {@code dataDir}: the cause chain's messages, without a trace. */
  static String cannotOpen(Path dataDir, Throwable failure) {
    return "tabula: cannot open the data in "
        + dataDir.toAbsolutePath()
        + ": "
        + reasons(failure)
        + ". Nothing was served. Check that no other process uses the directory and that it is"
        + " readable and writable; if RocksDB reports corruption, restore it from a backup.";
  }

  /** The messages of a failure and its causes, each once, joined by colons. */
  private static String reasons(Throwable failure) {
    StringBuilder why = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t.getMessage() != null && why.indexOf(t.getMessage()) < 0) {
        why.append(why.length() == 0 ? "" : ": ").append(t.getMessage());
      }
    }
    return why.toString();
  }
}
