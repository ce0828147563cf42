package dev.tabula.conformance.support;

import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.Transport;
import java.nio.file.Path;

/**
 * A server of the test accounts ({@link TestAccounts#ALL}) with its admin listener, in a temporary
 * directory of its own, and a {@link ConsoleClient} of its console: what every console test starts
 * from. Close it (try-with-resources, or an {@code @After...}) to stop the server and delete its
 * files.
 */
public final class ConsoleServer implements AutoCloseable {
  /** The account the console tests act as. */
  public static final String ACCOUNT = TestAccounts.DEVELOPMENT.name();

  /** The console's API path of {@link #ACCOUNT}'s Table service, ending with a slash. */
  public static final String ACCOUNT_API = "/console/api/accounts/" + ACCOUNT + "/";

  private final Path dir;
  private final TabulaServer server;
  private final ConsoleClient console;

  private ConsoleServer(Path dir, TabulaServer server) {
    this.dir = dir;
    this.server = server;
    this.console = new ConsoleClient(server.adminPort());
  }

  /** An in-memory server whose admin listener is on loopback, on a free port. */
  public static ConsoleServer start() {
    return start(EngineKind.MEMORY);
  }

  /** A server on {@code engine} whose admin listener is on loopback, on a free port. */
  public static ConsoleServer start(EngineKind engine) {
    return start(engine, Transport.DEFAULTS.withAdmin("127.0.0.1", 0));
  }

  /**
   * A server on {@code engine} with {@code transport}, which names the admin listener (its token,
   * the console's account).
   */
  public static ConsoleServer start(EngineKind engine, Transport transport) {
    Path dir = TempDirs.create("tabula-console-");
    TabulaServer server = null;
    try {
      server =
          TabulaServer.start(
              ServerConfig.defaults()
                  .withPort(0)
                  .withEngine(engine, dir)
                  .withAccounts(TestAccounts.ALL)
                  .withTransport(transport));
      return new ConsoleServer(dir, server);
    } catch (RuntimeException | Error e) {
      TestServers.closeAndDelete(server, dir); // a server that did not start leaves no files
      throw e;
    }
  }

  /** The server, for its data port and SDK clients. */
  public TabulaServer server() {
    return server;
  }

  /** A client of the console, sending {@code X-Tabula-Console: 1} and the admin listener's Host. */
  public ConsoleClient console() {
    return console;
  }

  /** The admin listener's port. */
  public int adminPort() {
    return server.adminPort();
  }

  @Override
  public void close() {
    TestServers.closeAndDelete(server, dir);
  }
}
