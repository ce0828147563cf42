package dev.tabula.server;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before the engine is opened or anything is bound, what the config names on disk: the data
 * directory of the RocksDB engine and the TLS files. Each problem is an {@link OperatorError} that
 * names the path and the setting it came from.
 */
final class StartupChecks {
  private StartupChecks() {}

  /**
   * @param resolver where each setting came from, for the messages
   * @throws OperatorError when the data directory or a TLS file cannot be used
   */
  static void check(ServerConfig config, ConfigResolver resolver) {
    if (config.engine() == EngineKind.ROCKSDB) {
      dataDir(config.dataDir(), resolver.sourceOf("data-dir"));
    }
    TlsFiles tls = config.transport().tlsFiles();
    if (tls != null) {
      tls(tls, resolver);
    }
  }

  /**
   * The data directory must be a writable directory, or creatable: its nearest existing ancestor a
   * writable directory. (Whether another server holds it is only known when RocksDB takes its lock;
   * see {@link StartupFailures#heldByAnotherServer}.)
   */
  static void dataDir(Path dir, String source) {
    Path absolute = dir.toAbsolutePath().normalize();
    String choose = "; choose another with --data-dir or TABULA_DATA_DIR";
    if (Files.exists(absolute)) {
      if (!Files.isDirectory(absolute)) {
        throw new OperatorError(
            "tabula: the data directory "
                + absolute
                + " ("
                + source
                + ") is a file, not a directory"
                + choose);
      }
      if (!Files.isWritable(absolute)) {
        throw new OperatorError(
            "tabula: the data directory "
                + absolute
                + " ("
                + source
                + ") is not writable"
                + choose);
      }
      return;
    }
    Path ancestor = absolute.getParent();
    while (ancestor != null && !Files.exists(ancestor)) {
      ancestor = ancestor.getParent();
    }
    if (ancestor != null && (!Files.isDirectory(ancestor) || !Files.isWritable(ancestor))) {
      throw new OperatorError(
          "tabula: cannot create the data directory "
              + absolute
              + " ("
              + source
              + "): "
              + ancestor
              + (Files.isDirectory(ancestor) ? " is not writable" : " is a file")
              + choose);
    }
  }

  private static void tls(TlsFiles files, ConfigResolver resolver) {
    readable(files.certificate(), "certificate", resolver.sourceOf("tls-cert"));
    Path key = files.key();
    if (key != null) {
      readable(key, "key", resolver.sourceOf("tls-key"));
    }
    try {
      TlsContexts.forServer(files); // built once here so that a bad file stops the start now
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new OperatorError("tabula: " + e.getMessage(), e);
    }
  }

  private static void readable(Path file, String what, String source) {
    if (!Files.isRegularFile(file)) {
      throw new OperatorError(
          "tabula: the TLS "
              + what
              + " "
              + file
              + " ("
              + source
              + ") "
              + (Files.exists(file) ? "is not a file" : "does not exist"));
    }
    if (!Files.isReadable(file)) {
      throw new OperatorError(
          "tabula: the TLS " + what + " " + file + " (" + source + ") is not readable");
    }
  }
}
