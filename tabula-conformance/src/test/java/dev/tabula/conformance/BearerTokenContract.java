package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertHttpError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.HttpsClients;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.conformance.support.TestTokens;
import dev.tabula.server.OAuthSettings;
import dev.tabula.server.ServerConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * Microsoft Entra ID bearer tokens through the official SDK with a {@link TokenCredential} over
 * HTTPS: each built-in role's allowed and refused operations, and every way a token is refused.
 * Tokens are minted by the test with its own RSA keys ({@link TestTokens}); the server checks them
 * against a JWKS file. Shared Key clients ({@link #service}) keep working beside them.
 *
 * <p>Evidence for the answers: a principal without the role's data action gets 403
 * AuthorizationPermissionMismatch ("Authorize access to tables using Microsoft Entra ID",
 * learn.microsoft.com/azure/storage/tables/authorize-access-azure-active-directory); an expired
 * token gets 403 AuthenticationFailed with "Lifetime validation failed. The token is expired."
 * (Azure Storage's answer quoted in Azure/azure-sdk-for-java issue 8667; Azurite's
 * TableTokenAuthenticator answers the same code for every token it refuses); a request without
 * credentials gets 401 NoAuthenticationInformation with the Bearer challenge that
 * azure-data-tables' TableBearerTokenChallengeAuthorizationPolicy reads the tenant from.
 */
@OnEveryEngine
class BearerTokenContract extends ConformanceBase {
  private static final String READER = "11111111-1111-1111-1111-111111111111";
  private static final String CONTRIBUTOR = "22222222-2222-2222-2222-222222222222";
  private static final String SCOPED = "33333333-3333-3333-3333-333333333333";
  private static final String NOBODY = "44444444-4444-4444-4444-444444444444";
  private static final String SCOPED_TABLE = "scopedtable";

  private final List<Path> dirs = new ArrayList<>();
  private TestCertificates certificates;
  private TestTokens tokens;

  @Override
  protected ServerConfig configure(ServerConfig config) {
    Path dir = TempDirs.create("tabula-oauth-");
    dirs.add(dir);
    certificates = TestCertificates.create(dir);
    tokens = TestTokens.create(dir);
    Path roles = dir.resolve("roles.txt");
    String account = TestAccounts.DEVELOPMENT.name();
    try {
      Files.writeString(
          roles,
          String.join(
              "\n",
              "# account principal role [table]",
              account + " " + READER + " reader",
              account + " " + CONTRIBUTOR + " contributor",
              account + " " + SCOPED + " contributor " + SCOPED_TABLE));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return config
        .withTransport(TestServers.httpsBeside(certificates))
        .withOAuth(
            OAuthSettings.of(
                tokens.jwksFile().toString(),
                List.of(TestTokens.TENANT),
                OAuthSettings.readRoles(roles),
                false));
  }

  @AfterAll
  void deleteDirs() {
    dirs.forEach(TempDirs::delete);
  }

  /**
   * The SDK over HTTPS, trusting the test certificate, with a credential that returns {@code
   * token}.
   */
  private TableServiceClient bearer(String token) {
    return HttpsClients.bearer(
        server.httpsEndpoint(TestAccounts.DEVELOPMENT.name()), certificates, token);
  }

  private TableServiceClient bearer(TokenCredential credential, boolean tenantDiscovery) {
    TableServiceClientBuilder builder =
        HttpsClients.builder(
            server.httpsEndpoint(TestAccounts.DEVELOPMENT.name()), certificates, credential);
    return (tenantDiscovery ? builder.enableTenantDiscovery() : builder).buildClient();
  }

  /** A table with one entity, made with Shared Key. */
  private String tableWithEntity() {
    String name = uniqueTableName();
    service.createTable(name).createEntity(new TableEntity("p", "r").addProperty("v", 1));
    return name;
  }

  private static List<String> names(Iterable<TableItem> tables) {
    return StreamSupport.stream(tables.spliterator(), false)
        .map(TableItem::getName)
        .collect(Collectors.toList());
  }

  @Test
  void reader_queriesEntitiesAndListsTables_butWritesNothing() {
    String name = tableWithEntity();
    TableServiceClient reader = bearer(tokens.signed(READER));
    TableClient table = reader.getTableClient(name);

    assertThat(names(reader.listTables())).contains(name);
    assertThat(table.getEntity("p", "r").getProperty("v")).isEqualTo(1);
    assertThat(table.listEntities()).hasSize(1);
    assertHttpError(
        403,
        "AuthorizationPermissionMismatch",
        () -> table.createEntity(new TableEntity("p", "r2")));
    assertHttpError(
        403,
        "AuthorizationPermissionMismatch",
        () -> table.upsertEntity(new TableEntity("p", "r")));
    assertHttpError(403, "AuthorizationPermissionMismatch", () -> table.deleteEntity("p", "r"));
    assertHttpError(
        403, "AuthorizationPermissionMismatch", () -> reader.createTable(uniqueTableName()));
    assertHttpError(403, "AuthorizationPermissionMismatch", () -> reader.deleteTable(name));
    assertHttpError(
        403,
        "AuthorizationPermissionMismatch",
        () ->
            table.submitTransaction(
                List.of(
                    new TableTransactionAction(
                        TableTransactionActionType.CREATE, new TableEntity("p", "r3")))));
  }

  @Test
  void contributor_writesTablesEntitiesAndBatches_butNotAclsOrServiceProperties() {
    TableServiceClient contributor = bearer(tokens.signed(CONTRIBUTOR));
    String name = uniqueTableName();

    TableClient table = contributor.createTable(name);
    table.createEntity(new TableEntity("p", "r").addProperty("v", 1));
    table.upsertEntity(new TableEntity("p", "r").addProperty("v", 2));
    table.updateEntity(new TableEntity("p", "r").addProperty("w", 3));
    table.submitTransaction(
        List.of(
            new TableTransactionAction(
                TableTransactionActionType.CREATE, new TableEntity("p", "r2")),
            new TableTransactionAction(
                TableTransactionActionType.UPSERT_MERGE, new TableEntity("p", "r3"))));
    table.deleteEntity("p", "r2");

    assertThat(table.getEntity("p", "r").getProperty("v")).isEqualTo(2);
    assertThat(table.getEntity("p", "r").getProperty("w")).isEqualTo(3);
    assertThat(table.listEntities()).hasSize(2);
    assertHttpError(403, "AuthorizationPermissionMismatch", table::getAccessPolicies);
    assertHttpError(403, "AuthorizationPermissionMismatch", contributor::getProperties);
    contributor.deleteTable(name);
    assertThat(names(service.listTables())).doesNotContain(name);
  }

  @Test
  void tableScopedRole_reachesItsTableOnly() {
    if (!names(service.listTables()).contains(SCOPED_TABLE)) {
      service.createTable(SCOPED_TABLE);
    }
    String other = tableWithEntity();
    TableServiceClient scoped = bearer(tokens.signed(SCOPED));

    scoped.getTableClient(SCOPED_TABLE).upsertEntity(new TableEntity("p", "r"));

    assertThat(scoped.getTableClient(SCOPED_TABLE).getEntity("p", "r")).isNotNull();
    assertHttpError(
        403,
        "AuthorizationPermissionMismatch",
        () -> scoped.getTableClient(other).getEntity("p", "r"));
    assertHttpError(403, "AuthorizationPermissionMismatch", () -> names(scoped.listTables()));
  }

  @Test
  void rolesClaim_grantsTheNamedRole() {
    String name = tableWithEntity();
    TableClient table =
        bearer(
                tokens.signed(
                    NOBODY, claims -> claims.claim("roles", List.of("Storage Table Data Reader"))))
            .getTableClient(name);

    assertThat(table.getEntity("p", "r").getProperty("v")).isEqualTo(1);
    assertHttpError(
        403,
        "AuthorizationPermissionMismatch",
        () -> table.createEntity(new TableEntity("p", "r2")));
  }

  @Test
  void validTokenWithoutARole_isAuthenticatedButRefusedEveryOperation() {
    String name = tableWithEntity();
    TableServiceClient nobody = bearer(tokens.signed(NOBODY));

    assertHttpError(403, "AuthorizationPermissionMismatch", () -> names(nobody.listTables()));
    assertHttpError(
        403,
        "AuthorizationPermissionMismatch",
        () -> nobody.getTableClient(name).getEntity("p", "r"));
  }

  @Test
  void audiences_storageWithSlash_andTheAccountsOwnEndpoint_areAccepted() {
    String name = tableWithEntity();
    String endpoint = server.httpsEndpoint(TestAccounts.DEVELOPMENT.name());

    for (String audience :
        List.of(
            "https://storage.azure.com/",
            endpoint,
            "https://" + TestAccounts.DEVELOPMENT.name() + ".table.core.windows.net")) {
      TableClient table =
          bearer(tokens.signed(READER, claims -> claims.audience(audience))).getTableClient(name);
      assertThat(table.getEntity("p", "r").getProperty("v")).as(audience).isEqualTo(1);
    }
  }

  @Test
  void v2Issuer_ofTheTenant_isAccepted() {
    String name = tableWithEntity();
    String v2 = "https://login.microsoftonline.com/" + TestTokens.TENANT + "/v2.0";

    TableClient table =
        bearer(tokens.signed(READER, claims -> claims.issuer(v2))).getTableClient(name);

    assertThat(table.getEntity("p", "r").getProperty("v")).isEqualTo(1);
  }

  @Test
  void expiredToken_isRefused() {
    Date anHourAgo = new Date(System.currentTimeMillis() - 3_600_000);
    Date twoHoursAgo = new Date(System.currentTimeMillis() - 7_200_000);

    assertRefused(
        tokens.signed(
            READER, claims -> claims.notBeforeTime(twoHoursAgo).expirationTime(anHourAgo)),
        "Lifetime validation failed. The token is expired.");
  }

  @Test
  void expiredWithinTheClockSkew_isAccepted() {
    Date aMinuteAgo = new Date(System.currentTimeMillis() - 60_000);

    TableServiceClient reader =
        bearer(tokens.signed(READER, claims -> claims.expirationTime(aMinuteAgo)));

    assertThat(names(reader.listTables())).isNotNull();
  }

  @Test
  void notYetValidToken_isRefused() {
    Date inAnHour = new Date(System.currentTimeMillis() + 3_600_000);

    assertRefused(
        tokens.signed(READER, claims -> claims.notBeforeTime(inAnHour)),
        "Lifetime validation failed.");
  }

  @Test
  void wrongAudience_isRefused() {
    assertRefused(
        tokens.signed(READER, claims -> claims.audience("https://vault.azure.net")),
        "Audience validation failed.");
  }

  @Test
  void wrongIssuer_isRefused() {
    assertRefused(
        tokens.signed(
            READER,
            claims ->
                claims.issuer("https://sts.windows.net/00000000-0000-0000-0000-000000000000/")),
        "Issuer validation failed.");
  }

  @Test
  void badSignature_isRefused() {
    assertRefused(tokens.signedByStranger(READER), "Signature validation failed.");
  }

  @Test
  void unsignedToken_isRefused_whenDevelopmentModeIsOff() {
    assertRefused(TestTokens.unsigned(READER), "Signature validation failed.");
  }

  @Test
  void garbage_isRefused() {
    assertRefused("not-a-jwt", "not a well-formed JWT");
  }

  private void assertRefused(String token, String detail) {
    var refusal =
        assertHttpError(403, "AuthenticationFailed", () -> names(bearer(token).listTables()));
    assertThat(refusal.getMessage()).contains(detail).doesNotContain(token);
  }

  @Test
  void noCredentials_get401WithTheBearerChallenge() throws Exception {
    HttpResponse<String> response =
        send(server.httpsEndpoint(TestAccounts.DEVELOPMENT.name()), null);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(401);
    assertThat(response.headers().firstValue("x-ms-error-code"))
        .hasValue("NoAuthenticationInformation");
    assertThat(response.headers().firstValue("WWW-Authenticate"))
        .hasValue(
            "Bearer authorization_uri=https://login.microsoftonline.com/"
                + TestTokens.TENANT
                + "/oauth2/authorize resource_id=https://storage.azure.com");
  }

  @Test
  void tenantDiscovery_readsTheChallenge_andAsksForTheStorageScope() {
    List<TokenRequestContext> asked = new ArrayList<>();
    TokenCredential credential =
        request -> {
          asked.add(request);
          return Mono.just(
              new AccessToken(tokens.signed(READER), OffsetDateTime.now().plusHours(1)));
        };

    assertThat(names(bearer(credential, true).listTables())).isNotNull();

    assertThat(asked).isNotEmpty();
    assertThat(asked.get(0).getTenantId()).isEqualToIgnoringCase(TestTokens.TENANT);
    assertThat(asked.get(0).getScopes()).containsExactly("https://storage.azure.com/.default");
  }

  @Test
  void bearerOverHttp_isRefused() throws Exception {
    HttpResponse<String> response =
        send(server.endpoint(TestAccounts.DEVELOPMENT.name()), tokens.signed(CONTRIBUTOR));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(403);
    assertThat(response.headers().firstValue("x-ms-error-code")).hasValue("AuthenticationFailed");
    assertThat(response.body()).contains("Authentication scheme Bearer is not allowed with HTTP.");
  }

  @Test
  void sharedKeyClients_areUnchanged_andGetNoChallengeWhenRefused() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "r"));

    assertThat(table.getEntity("p", "r")).isNotNull();
  }

  /** GET /Tables with {@code token} as a bearer token, or with no credentials when null. */
  private HttpResponse<String> send(String endpoint, String token) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(endpoint + "/Tables"))
            .header("x-ms-version", "2019-02-02")
            .header(
                "x-ms-date",
                DateTimeFormatter.RFC_1123_DATE_TIME
                    .withLocale(Locale.US)
                    .format(OffsetDateTime.now(ZoneOffset.UTC)))
            .header("Accept", "application/json;odata=nometadata")
            .GET();
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return jdkClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpClient jdkClient() {
    return HttpClient.newBuilder().sslContext(certificates.clientContext()).build();
  }
}
