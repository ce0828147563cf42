package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tabula.conformance.support.ConsoleClient;
import dev.tabula.conformance.support.ConsoleClient.Answer;
import dev.tabula.conformance.support.ConsoleServer;
import dev.tabula.server.EngineKind;
import dev.tabula.server.Transport;
import dev.tabula.server.admin.AdminToken;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Who may use the console (docs/console.md): on an admin listener that is not on loopback it asks
 * for the admin token and keeps a session cookie, and without a token there it is off; {@code
 * --console-account} limits it to one account. The listener binds the wildcard address, as
 * BackupRestoreIT's does, and is reached on loopback only.
 *
 * <p>Broken once each, and watched red: sessions accepted without checking the cookie
 * (signIn_isNeeded...), the off check removed (noToken_...), the console account ignored
 * (consoleAccount_...).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConsoleAccessIT {
  private static final String TOKEN = "console-admin-token-0123456789";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void noToken_onAnAdminListenerOffLoopback_turnsTheConsoleOff() throws Exception {
    try (ConsoleServer server =
        ConsoleServer.start(EngineKind.MEMORY, Transport.DEFAULTS.withAdmin("0.0.0.0", 0))) {
      ConsoleClient console = server.console();
      Answer page = console.get("/console/");
      assertThat(page.status()).isEqualTo(404);
      assertThat(page.text()).contains("not on loopback").contains("--admin-token");
      assertThat(console.get("/console/api/session").status()).isEqualTo(404);
      assertThat(console.get("/console/api/accounts/devstoreaccount1/Tables").status())
          .isEqualTo(404);
      assertThat(console.get("/health").status()).isEqualTo(200);
    }
  }

  @Test
  void signIn_isNeededOffLoopback_andKeepsASessionCookie() throws Exception {
    try (ConsoleServer server =
        ConsoleServer.start(
            EngineKind.MEMORY,
            Transport.DEFAULTS.withAdmin("0.0.0.0", 0).withAdminToken(AdminToken.of(TOKEN)))) {
      ConsoleClient console = server.console();
      assertThat(console.get("/console/").status()).isEqualTo(200); // the page holds no data
      Answer needed = console.get("/console/api/session");
      assertThat(needed.status()).isEqualTo(401);
      assertThat(needed.text()).isEqualTo("{\"signIn\":true}");
      assertThat(console.get("/console/api/accounts/devstoreaccount1/Tables").status())
          .isEqualTo(401);

      Answer wrong =
          console.send("POST", "/console/api/signin", "{\"token\":\"not-the-token-at-all\"}");
      assertThat(wrong.status()).isEqualTo(403);
      assertThat(wrong.header("Set-Cookie")).isNull();
      Answer noHeader =
          console
              .header("X-Tabula-Console", null)
              .send("POST", "/console/api/signin", "{\"token\":\"" + TOKEN + "\"}");
      assertThat(noHeader.status()).isEqualTo(403);

      Answer signedIn =
          console.send("POST", "/console/api/signin", "{\"token\":\"" + TOKEN + "\"}");
      assertThat(signedIn.status()).isEqualTo(204);
      String cookie = signedIn.header("Set-Cookie");
      assertThat(cookie)
          .matches("tabula_console=[A-Za-z0-9_-]{43}; .*")
          .contains("; Path=/console")
          .contains("; HttpOnly")
          .contains("; SameSite=Strict");
      ConsoleClient session = console.header("Cookie", cookie.substring(0, cookie.indexOf(';')));
      Answer info = session.get("/console/api/session");
      assertThat(info.status()).isEqualTo(200);
      assertThat(JSON.readTree(info.body()).get("access").asText()).isEqualTo("signed-in");
      assertThat(session.get("/console/api/accounts/devstoreaccount1/Tables").status())
          .isEqualTo(200);
      assertThat(
              console
                  .header("Cookie", "tabula_console=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
                  .get("/console/api/session")
                  .status())
          .isEqualTo(401);

      assertThat(session.send("POST", "/console/api/signout", null).status()).isEqualTo(204);
      assertThat(session.get("/console/api/session").status()).isEqualTo(401);
    }
  }

  @Test
  void consoleAccount_limitsTheConsoleToThatAccount() throws Exception {
    try (ConsoleServer server =
        ConsoleServer.start(
            EngineKind.MEMORY,
            Transport.DEFAULTS.withAdmin("127.0.0.1", 0).withConsoleAccount("second"))) {
      ConsoleClient console = server.console();
      Answer info = console.get("/console/api/session");
      assertThat(JSON.readTree(info.body()).get("accounts").toString()).isEqualTo("[\"second\"]");
      assertThat(JSON.readTree(info.body()).get("access").asText()).isEqualTo("open");
      assertThat(console.get("/console/api/accounts/second/Tables").status()).isEqualTo(200);
      Answer other = console.get("/console/api/accounts/devstoreaccount1/Tables");
      assertThat(other.status()).isBetween(400, 404);
    }
  }
}
