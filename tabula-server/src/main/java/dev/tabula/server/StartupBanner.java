package dev.tabula.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code tabula serve} prints on standard output when it is up, and the one line when it has
 * stopped. Scripts read the {@code Tabula listening on http://HOST:PORT} line for the port (the
 * conformance suite's ServerProcess, build/smoke-test.sh, bench/*.sh): it keeps that form.
 */
final class StartupBanner {
  private StartupBanner() {}

  /**
   * The banner: the version, every listener with the engine and where its data is, each account's
   * endpoint, and how to stop.
   *
   * @param storage where the data is: a directory, {@code in memory}, or a keyspace
   */
  static List<String> lines(TabulaServer server, String storage, Duration drainTimeout) {
    ServerConfig config = server.config();
    List<String> lines = new ArrayList<>();
    lines.add("Tabula " + version());
    lines.add(
        String.format(
            Locale.ROOT,
            "Tabula listening on %s (engine %s, data %s, network %s)",
            listeners(config, server),
            config.engine().name().toLowerCase(Locale.ROOT),
            storage,
            server.transportName()));
    if (server.adminPort() >= 0) {
      lines.add(
          String.format(
              Locale.ROOT,
              "  admin: http://%s:%d (/health, /ready, /metrics)",
              config.transport().adminHost(),
              server.adminPort()));
      lines.add(
          String.format(
              Locale.ROOT,
              "  console: http://%s:%d/console/",
              consoleHost(config.transport().adminHost()),
              server.adminPort()));
    }
    for (Account account : server.accounts()) {
      lines.add("  account " + account.name() + ": " + server.endpoint(account.name()));
    }
    lines.add(
        "Press Ctrl-C or send SIGTERM to stop; requests in flight get up to "
            + drainTimeout.toSeconds()
            + " s to finish (--drain-timeout).");
    return lines;
  }

  /** The one line printed once the server has stopped. */
  static String stopped(Drained drained) {
    String line =
        "Tabula stopped: drained "
            + drained.answered()
            + (drained.answered() == 1 ? " request" : " requests")
            + " in "
            + drained.took().toMillis()
            + " ms";
    return drained.cutOff() == 0
        ? line
        : line + "; " + drained.cutOff() + " still in flight at the drain timeout were cut off";
  }

  /** The version, as {@code tabula --version} and the Server header say it. */
  static String version() {
    return TabulaVersion.current();
  }

  private static String listeners(ServerConfig config, TabulaServer server) {
    String main = server.endpoint("").replaceAll("/$", "");
    return server.httpsPort() >= 0 && config.transport().servesHttp()
        ? main + " and https://" + config.host() + ":" + server.httpsPort()
        : main;
  }

  /** The host a browser opens the console with: the admin host, or localhost for a wildcard. */
  private static String consoleHost(String adminHost) {
    if (adminHost.equals("0.0.0.0") || adminHost.equals("::")) {
      return "localhost";
    }
    return adminHost.contains(":") && !adminHost.startsWith("[")
        ? "[" + adminHost + "]"
        : adminHost;
  }
}
