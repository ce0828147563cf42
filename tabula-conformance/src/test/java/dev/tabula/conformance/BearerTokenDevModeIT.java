package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.nimbusds.jwt.PlainJWT;
import dev.tabula.conformance.support.CapturedLog;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.HttpsClients;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.conformance.support.TestTokens;
import dev.tabula.protocol.auth.RoleAssignments;
import dev.tabula.server.OAuthSettings;
import dev.tabula.server.TabulaServer;
import java.nio.file.Path;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Development mode ({@code --oauth-dev-unsigned}, as Azurite's {@code --oauth basic}): unsigned
 * tokens pass, their claims are still checked, roles still apply, and the server says loudly at
 * startup that tokens are not verified. Engine-independent, so it runs once, on memory.
 */
class BearerTokenDevModeIT {
  private static final String READER = "11111111-1111-1111-1111-111111111111";

  private CapturedLog logged;
  private Path dir;
  private TestCertificates certificates;
  private TabulaServer server;

  @BeforeEach
  void start() {
    logged = CapturedLog.ofRoot();
    dir = TempDirs.create("tabula-oauth-dev-");
    certificates = TestCertificates.create(dir);
    RoleAssignments roles =
        RoleAssignments.parse(List.of(TestAccounts.DEVELOPMENT.name() + " " + READER + " reader"));
    server =
        TabulaServer.start(
            TestServers.inMemoryWithHttps(dir, certificates)
                .withOAuth(OAuthSettings.of(null, List.of(TestTokens.TENANT), roles, true)));
  }

  @AfterEach
  void stop() {
    logged.close();
    server.close();
    TempDirs.delete(dir);
  }

  private TableServiceClient bearer(String token) {
    return HttpsClients.bearer(
        server.httpsEndpoint(TestAccounts.DEVELOPMENT.name()), certificates, token);
  }

  @Test
  void unsignedTokens_pass_withTheirRolesStillApplied() {
    String name = "devmode";
    TableClient shared = Clients.service(server, TestAccounts.DEVELOPMENT).createTable(name);
    shared.createEntity(new TableEntity("p", "r").addProperty("v", 1));
    TableClient reader = bearer(TestTokens.unsigned(READER)).getTableClient(name);

    assertThat(reader.getEntity("p", "r").getProperty("v")).isEqualTo(1);
    assertHttpError(
        403,
        "AuthorizationPermissionMismatch",
        () -> reader.createEntity(new TableEntity("p", "r2")));
  }

  @Test
  void claimsAreStillChecked_inDevelopmentMode() {
    String expired =
        new PlainJWT(
                TestTokens.claims(READER)
                    .expirationTime(new Date(System.currentTimeMillis() - 3_600_000))
                    .build())
            .serialize();

    var refusal =
        assertHttpError(
            403, "AuthenticationFailed", () -> bearer(expired).listTables().iterator().hasNext());
    assertThat(refusal.getMessage()).contains("Lifetime validation failed. The token is expired.");
  }

  @Test
  void startup_warnsThatTokensAreNotVerified() {
    assertThat(logged.events())
        .anySatisfy(
            event -> {
              assertThat(event.getLevel()).isEqualTo(Level.WARN);
              assertThat(event.getFormattedMessage()).contains("bearer tokens are NOT verified");
            });
  }
}
