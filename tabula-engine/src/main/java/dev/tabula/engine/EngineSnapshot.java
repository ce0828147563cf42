package dev.tabula.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * A point-in-time copy of an engine's files in a directory of its own, taken while the engine goes
 * on serving ({@link StorageEngine#snapshot()}): opening a directory that holds these files as a
 * new data directory gives the engine as it was when the snapshot was taken, every write
 * acknowledged before then included and no write half applied.
 *
 * <p>The files stay valid until {@link #close}, which removes the directory; they must not be
 * changed meanwhile. Not thread-safe beyond {@link #close}, which may be called from any thread,
 * more than once.
 */
public interface EngineSnapshot extends AutoCloseable {

  /** The engine's short name as the server's {@code --engine} says it ({@code rocksdb}). */
  String engine();

  /** The directory that holds the files. */
  Path directory();

  /**
   * The files to copy, as paths relative to {@link #directory()} ({@code 000012.sst}, {@code
   * CURRENT}), each a regular file, in the order they should be copied.
   */
  List<String> files();

  /** Removes the directory and its files; idempotent, and never throws for a file already gone. */
  @Override
  void close();
}
