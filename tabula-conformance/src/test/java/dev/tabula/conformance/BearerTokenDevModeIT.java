package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.azure.core.credential.AccessToken;
import com.azure.core.http.netty.NettyAsyncHttpClientBuilder;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.nimbusds.jwt.PlainJWT;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.conformance.support.TestTokens;
import dev.tabula.protocol.auth.RoleAssignments;
import dev.tabula.server.EngineKind;
import dev.tabula.server.OAuthSettings;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.Transport;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Development mode ({@code --oauth-dev-unsigned}, as Azurite's {@code --oauth basic}): unsigned
 * tokens pass, their claims are still checked, roles still apply, and the server says loudly at
 * startup that tokens are not verified. Engine-independent, so it runs once, on memory.
 */
class BearerTokenDevModeIT {
  private static final String READER = "11111111-1111-1111-1111-111111111111";

  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
  private final Logger root =
      ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
  private Path dir;
  private TestCertificates certificates;
  private TabulaServer server;

  @BeforeEach
  void start() {
    logged.start();
    root.addAppender(logged);
    dir = TempDirs.create("tabula-oauth-dev-");
    certificates = TestCertificates.create(dir);
    RoleAssignments roles =
        RoleAssignments.parse(List.of(TestAccounts.DEVELOPMENT.name() + " " + READER + " reader"));
    server =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withEngine(EngineKind.MEMORY, dir)
                .withAccounts(TestAccounts.ALL)
                .withTransport(
                    Transport.DEFAULTS.withTls(certificates.certificate(), certificates.key(), 0))
                .withOAuth(OAuthSettings.of(null, List.of(TestTokens.TENANT), roles, true)));
  }

  @AfterEach
  void stop() {
    root.detachAppender(logged);
    server.close();
    TempDirs.delete(dir);
  }

  private TableServiceClient bearer(String token) throws SSLException {
    reactor.netty.http.client.HttpClient reactorClient =
        reactor.netty.http.client.HttpClient.create()
            .secure(
                spec -> {
                  try {
                    spec.sslContext(
                        SslContextBuilder.forClient()
                            .trustManager(certificates.certificate().toFile())
                            .build());
                  } catch (SSLException e) {
                    throw new IllegalStateException(e);
                  }
                });
    return new TableServiceClientBuilder()
        .endpoint(server.httpsEndpoint(TestAccounts.DEVELOPMENT.name()))
        .credential(request -> Mono.just(new AccessToken(token, OffsetDateTime.now().plusHours(1))))
        .httpClient(new NettyAsyncHttpClientBuilder(reactorClient).build())
        .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))))
        .buildClient();
  }

  @Test
  void unsignedTokens_pass_withTheirRolesStillApplied() throws SSLException {
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
  void claimsAreStillChecked_inDevelopmentMode() throws SSLException {
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
    List<ILoggingEvent> events;
    synchronized (logged) {
      events = new ArrayList<>(logged.list);
    }
    assertThat(events)
        .anySatisfy(
            event -> {
              assertThat(event.getLevel()).isEqualTo(Level.WARN);
              assertThat(event.getFormattedMessage()).contains("bearer tokens are NOT verified");
            });
  }
}
