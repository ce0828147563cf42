package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TabulaCommand.Result;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.Transport;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tabula settings}, run as the real command in a JVM of its own against a real server: it
 * prints a table's settings, and {@code --ttl} changes the time-to-live, which the server then
 * applies (an entity written with a past {@code TabulaExpiresAt} is not found). Broken once: with
 * {@code --ttl on} sent as the number 1 (a one-second default), the "on, no default" line was not
 * printed and this failed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SettingsCommandIT {
  private TabulaServer server;
  private Path dataDir;
  private String connection;
  private TableServiceClient service;

  @TempDir Path work;

  @BeforeAll
  void start() {
    dataDir = TempDirs.create("tabula-settings-command-");
    server = TabulaServer.start(TestServers.inMemory(dataDir, Transport.DEFAULTS));
    connection = Clients.connectionString(server, TestAccounts.DEVELOPMENT);
    service = Clients.service(connection);
  }

  @AfterAll
  void stop() {
    TestServers.closeAndDelete(server, dataDir);
  }

  private Result tabula(String... args) {
    return TabulaCommand.run(work, Map.of(), args);
  }

  @Test
  void settings_showsAndChangesTheTimeToLive() {
    service.createTable("ttlcli");

    Result shown = tabula("settings", "-c", connection, "--table", "ttlcli");
    assertThat(shown.status()).as(shown.stderr()).isZero();
    assertThat(shown.stdout()).contains("time-to-live: off").contains("change feed:  off");

    Result seconds = tabula("settings", "-c", connection, "--table", "ttlcli", "--ttl", "3600");
    assertThat(seconds.status()).as(seconds.stderr()).isZero();
    assertThat(seconds.stdout()).contains("time-to-live: on, entities expire 3600 s after");

    Result on = tabula("settings", "-c", connection, "--table", "ttlcli", "--ttl", "on");
    assertThat(on.stdout()).contains("time-to-live: on, no default");
    var table = service.getTableClient("ttlcli");
    table.createEntity(
        new TableEntity("p", "r")
            .addProperty("TabulaExpiresAt", OffsetDateTime.now(ZoneOffset.UTC).minusDays(1)));
    assertThat(table.listEntities().stream().count()).isZero();

    Result off = tabula("settings", "-c", connection, "--table", "ttlcli", "--ttl", "off");
    assertThat(off.stdout()).contains("time-to-live: off");
  }

  @Test
  void settings_refusesABadTtl_andAMissingTable() {
    Result bad = tabula("settings", "-c", connection, "--table", "ttlcli2", "--ttl", "0");
    assertThat(bad.status()).isEqualTo(2);
    assertThat(bad.stderr()).contains("--ttl must be off, on or a number of seconds");

    Result missing = tabula("settings", "-c", connection, "--table", "nosuchtable");
    assertThat(missing.status()).isEqualTo(1);
    assertThat(missing.stderr()).containsIgnoringCase("table");
  }
}
