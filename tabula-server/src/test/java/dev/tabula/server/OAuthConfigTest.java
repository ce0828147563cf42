package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The --oauth-* settings: each mistake is an {@link OperatorError} naming its source. */
class OAuthConfigTest {
  @TempDir Path dir;

  private Path jwks() throws IOException {
    return Files.writeString(dir.resolve("jwks.json"), "{\"keys\":[]}");
  }

  private static ServeCommand withTls() {
    ServeCommand flags = new ServeCommand();
    flags.tlsCert = Path.of("cert.pem");
    flags.tlsKey = Path.of("key.pem");
    return flags;
  }

  @Test
  void off_byDefault() {
    assertThat(new ConfigResolver(Map.of(), null).resolve(new ServeCommand()).oauth().enabled())
        .isFalse();
  }

  @Test
  void jwksAndTenants_fromFlags_takeSignedTokens() throws IOException {
    ServeCommand flags = withTls();
    flags.oauthJwks = jwks().toString();
    flags.oauthTenants = List.of("t1", "t2");

    OAuthSettings oauth = new ConfigResolver(Map.of(), null).resolve(flags).oauth();

    assertThat(oauth.enabled()).isTrue();
    assertThat(oauth.unsigned()).isFalse();
    assertThat(oauth.challengeTenant()).isEqualTo("t1");
  }

  @Test
  void devUnsigned_fromTheEnvironment_takesUnsignedTokens() {
    Map<String, String> env =
        Map.of("TABULA_OAUTH_DEV_UNSIGNED", "true", "TABULA_OAUTH_TENANT", " t1 , t2 ");

    OAuthSettings oauth = new ConfigResolver(env, null).resolve(withTls()).oauth();

    assertThat(oauth.unsigned()).isTrue();
    assertThat(oauth.challengeTenant()).isEqualTo("t1");
  }

  @Test
  void bearerTokens_needHttps() throws IOException {
    ServeCommand flags = new ServeCommand();
    flags.oauthJwks = jwks().toString();
    flags.oauthTenants = List.of("t1");

    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .isInstanceOf(OperatorError.class)
        .hasMessage(
            "tabula: --oauth-jwks needs HTTPS (--tls-cert): Azure takes bearer"
                + " tokens over HTTPS only");
  }

  @Test
  void bearerTokens_needATenant() throws IOException {
    ServeCommand flags = withTls();
    flags.oauthJwks = jwks().toString();

    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .hasMessageStartingWith("tabula: --oauth-jwks: bearer tokens need --oauth-tenant");
  }

  @Test
  void aTenantWithoutKeys_isRefused() {
    assertThatThrownBy(
            () -> new ConfigResolver(Map.of("TABULA_OAUTH_TENANT", "t1"), null).resolve(withTls()))
        .hasMessageStartingWith("tabula: TABULA_OAUTH_TENANT needs --oauth-jwks");
  }

  @Test
  void jwksAndDevUnsigned_excludeEachOther() throws IOException {
    ServeCommand flags = withTls();
    flags.oauthJwks = jwks().toString();
    flags.oauthTenants = List.of("t1");
    flags.oauthDevUnsigned = true;

    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .hasMessageContaining("--oauth-jwks and --oauth-dev-unsigned exclude each other");
  }

  @Test
  void aJwksUrl_mustBeHttps() {
    ServeCommand flags = withTls();
    flags.oauthJwks = "http://login.example/keys";
    flags.oauthTenants = List.of("t1");

    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .hasMessage("tabula: --oauth-jwks: a JWKS URL must be https: http://login.example/keys");
  }

  @Test
  void rolesFile_namesTheBadLine_andThatAzureHasNoTableOwnerRole() throws IOException {
    Path roles =
        Files.writeString(
            dir.resolve("roles.txt"), "# comment\nacct oid-1 reader\nacct oid-2 owner\n");
    ServeCommand flags = withTls();
    flags.oauthJwks = jwks().toString();
    flags.oauthTenants = List.of("t1");
    flags.oauthRoles = roles;

    assertThatThrownBy(() -> new ConfigResolver(Map.of(), null).resolve(flags))
        .hasMessage(
            "tabula: --oauth-roles: roles file "
                + roles
                + ": line 3: unknown role 'owner'; choose reader or contributor (Azure has no"
                + " table data Owner role)");
  }
}
