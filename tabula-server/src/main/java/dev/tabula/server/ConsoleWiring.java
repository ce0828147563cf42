package dev.tabula.server;

import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.server.admin.AdminBackup;
import dev.tabula.server.console.ActivityResource;
import dev.tabula.server.console.ConsoleAccounts;
import dev.tabula.server.console.ConsoleResource;
import dev.tabula.server.console.ConsoleSection;
import dev.tabula.server.console.ConsoleSettings;
import dev.tabula.server.telemetry.ActivityReport;
import dev.tabula.server.telemetry.RecentActivity;
import dev.tabula.server.telemetry.Telemetry;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * Builds the console (docs/console.md) from the server's configuration and parts: which accounts it
 * acts as, the admin listener's host and token, and the API paths other parts of the server answer.
 * One place for it, so that the server's constructor only says that there is one.
 */
final class ConsoleWiring {
  private ConsoleWiring() {}

  /**
   * The console of a server with an admin listener.
   *
   * @param telemetry the data listener's requests, which the live view shows
   * @param protocolFor the Table protocol for the accounts a predicate names, with one
   *     authenticator
   */
  static ConsoleSection console(
      ServerConfig config,
      LiveAccounts accounts,
      Telemetry telemetry,
      BiFunction<Predicate<String>, RequestAuthenticator, TableProtocol> protocolFor) {
    Transport transport = config.transport();
    ConsoleSettings settings =
        new ConsoleSettings(
            TabulaVersion.current(),
            config.engine().name().toLowerCase(Locale.ROOT),
            transport.adminHost(),
            AdminBackup.loopback(transport.adminHost()),
            transport.adminToken(),
            new ConsoleAccounts(
                () -> accounts.accounts().stream().map(Account::name).toList(),
                transport.consoleAccount()));
    return ConsoleSection.create(settings, protocolFor, resources(telemetry));
  }

  /**
   * The API paths answered by other parts of the server: the live view's activity. Its ring of
   * recent seconds is made here, so a server without a console never keeps one.
   */
  private static Map<String, ConsoleResource> resources(Telemetry telemetry) {
    RecentActivity activity = new RecentActivity();
    telemetry.addListener(activity);
    return Map.of(
        ActivityResource.PATH,
        new ActivityResource(new ActivityReport(activity, telemetry.hotPartitions())));
  }
}
