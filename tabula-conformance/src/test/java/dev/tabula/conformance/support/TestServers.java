package dev.tabula.conformance.support;

import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.Transport;
import java.nio.file.Path;

/** Configs of the servers tests start in their own JVM, and their end. */
public final class TestServers {
  private TestServers() {}

  /**
   * HTTPS with {@code certificates} on a free port beside HTTP (also on a free port, once the
   * config says {@code withPort(0)}).
   */
  public static Transport httpsBeside(TestCertificates certificates) {
    return Transport.DEFAULTS.withTls(certificates.certificate(), certificates.key(), 0);
  }

  /**
   * An in-memory server of the test accounts ({@link TestAccounts#ALL}) on a free port, its files
   * in {@code dir}, with {@code transport}: what every TLS test starts from.
   */
  public static ServerConfig inMemory(Path dir, Transport transport) {
    return ServerConfig.defaults()
        .withPort(0)
        .withEngine(EngineKind.MEMORY, dir)
        .withAccounts(TestAccounts.ALL)
        .withTransport(transport);
  }

  /** {@link #inMemory} serving HTTPS beside HTTP with {@code certificates}. */
  public static ServerConfig inMemoryWithHttps(Path dir, TestCertificates certificates) {
    return inMemory(dir, httpsBeside(certificates));
  }

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
