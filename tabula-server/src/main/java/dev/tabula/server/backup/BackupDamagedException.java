package dev.tabula.server.backup;

import java.io.IOException;
import java.nio.file.Path;

/** A backup directory whose manifest or files are missing, truncated or changed: exit status 1. */
final class BackupDamagedException extends IOException {
  private static final long serialVersionUID = 1L;

  BackupDamagedException(Path backup, String file, String what) {
    super("the backup " + backup + " is damaged: " + file + " " + what);
  }
}
