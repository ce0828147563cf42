package dev.tabula.server.console;

import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The two checks every console request passes before anything else.
 *
 * <ul>
 *   <li>{@code Host} must name the admin listener as a local user reaches it ({@code localhost},
 *       {@code 127.0.0.1}, {@code [::1]}) or as configured ({@code --admin-host}), with its port: a
 *       web page whose own name was rebound to 127.0.0.1 (DNS rebinding) sends its own name, and is
 *       refused. An admin host that is a wildcard ({@code 0.0.0.0}, {@code ::}) names no host, so
 *       any is taken; such a console is not on loopback and asks for the admin token, which a
 *       rebound page does not have.
 *   <li>An API request ({@code /console/api/...}) must carry {@code X-Tabula-Console: 1}: a custom
 *       header makes a browser send a CORS preflight first, which the admin listener never
 *       approves, so another site cannot drive the console with the user's browser.
 * </ul>
 */
final class ConsoleGate {
  static final String HEADER = "X-Tabula-Console";
  private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");
  private static final Set<String> WILDCARDS = Set.of("0.0.0.0", "::", "[::]");

  private final String adminHost;

  /**
   * @param adminHost the admin listener's configured host ({@code --admin-host})
   */
  ConsoleGate(String adminHost) {
    String host = adminHost.toLowerCase(Locale.ROOT);
    this.adminHost = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  /** Why a request with these headers to the listener's {@code port} is refused, or null. */
  @Nullable String refusal(
      @Nullable String host, @Nullable String consoleHeader, boolean api, int port) {
    if (!hostAllowed(host, port)) {
      return "forbidden: the Host header must name this console (localhost, 127.0.0.1, [::1] or"
          + " the --admin-host) with its port";
    }
    if (api && !"1".equals(consoleHeader)) {
      return "forbidden: console API requests carry the header " + HEADER + ": 1";
    }
    return null;
  }

  boolean hostAllowed(@Nullable String host, int port) {
    if (WILDCARDS.contains(adminHost)) {
      return true;
    }
    if (host == null) {
      return false;
    }
    String value = host.strip().toLowerCase(Locale.ROOT);
    int colon = value.lastIndexOf(':');
    String name = value;
    String givenPort = port == 80 ? "80" : null; // a browser leaves out the default port
    if (colon > value.lastIndexOf(']')) {
      name = value.substring(0, colon);
      givenPort = value.substring(colon + 1);
    }
    if (!String.valueOf(port).equals(givenPort)) {
      return false;
    }
    return LOOPBACK_NAMES.contains(name) || name.equals(adminHost);
  }
}
