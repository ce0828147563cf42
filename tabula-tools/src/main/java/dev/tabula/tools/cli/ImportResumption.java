package dev.tabula.tools.cli;

import dev.tabula.tools.transfer.Checkpoint;
import dev.tabula.tools.transfer.StateFile;
import java.io.IOException;

/**
 * An import's state file, checked against the command: {@code --resume} goes on only with the same
 * input (size and modification time), endpoint, table and mode; without {@code --resume}, a state
 * file left by an interrupted import is not silently overwritten.
 */
final class ImportResumption {
  private final StateFile file;
  private final StateFile.Identity identity;
  private final Checkpoint.Snapshot from;

  private ImportResumption(StateFile file, StateFile.Identity identity, Checkpoint.Snapshot from) {
    this.file = file;
    this.identity = identity;
    this.from = from;
  }

  /**
   * The state to start from.
   *
   * @throws ToolError when --resume has nothing (or something else) to go on with, or when an
   *     interrupted import's state would be lost
   */
  static ImportResumption open(StateFile file, StateFile.Identity identity, boolean resume)
      throws IOException {
    if (!resume) {
      if (file.exists()) {
        throw new ToolError(
            "an interrupted import left "
                + file.path()
                + ": add --resume to go on with it, or delete it to start over");
      }
      return new ImportResumption(file, identity, Checkpoint.empty());
    }
    if (!file.exists()) {
      throw new ToolError(
          "--resume: there is no " + file.path() + " (the import finished, or never began)");
    }
    StateFile.Saved saved = file.read();
    StateFile.Identity was = saved.identity();
    if (was.size() != identity.size() || was.modified() != identity.modified()) {
      throw new ToolError(
          "--resume: the input changed since the interrupted import (size or modification time);"
              + " delete "
              + file.path()
              + " to start over");
    }
    if (!was.endpoint().equals(identity.endpoint())
        || !was.table().equals(identity.table())
        || !was.mode().equals(identity.mode())) {
      throw new ToolError(
          "--resume: the interrupted import went to table "
              + was.table()
              + " at "
              + was.endpoint()
              + " with --mode "
              + was.mode()
              + "; give the same");
    }
    return new ImportResumption(file, identity, saved.progress());
  }

  Checkpoint.Snapshot from() {
    return from;
  }

  void save(Checkpoint.Snapshot progress) throws IOException {
    file.write(identity, progress);
  }

  /** The import ended (done, or stopped by a refused row): nothing to resume. */
  void finished() throws IOException {
    file.delete();
  }
}
