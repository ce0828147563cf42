package dev.tabula.conformance.support;

import dev.tabula.server.TabulaServer;
import java.nio.file.Path;

/** Ends a server a test class started in a temp directory of its own. */
public final class TestServers {
  private TestServers() {}

  /** Closes {@code server} if it started (it may be null), then deletes {@code dir} in any case. */
  public static void closeAndDelete(TabulaServer server, Path dir) {
    try {
      if (server != null) {
        server.close();
      }
    } finally {
      TempDirs.delete(dir);
    }
  }
}
