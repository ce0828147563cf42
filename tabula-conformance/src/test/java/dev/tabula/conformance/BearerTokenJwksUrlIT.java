package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import dev.tabula.conformance.support.JwksHost;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.conformance.support.TestTokens;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys fetched from an {@code https://} JWKS URL ({@code --oauth-jwks https://...}), end to end: a
 * server in its own JVM, a JWKS served by the test over HTTPS ({@link JwksHost}), tokens signed by
 * its keys. The server fetches with nimbus-jose-jwt's {@code DefaultResourceRetriever}, an {@code
 * HttpsURLConnection} with the JVM's default trust, so the only way to make it trust a private JWKS
 * host is the JVM-wide {@code -Djavax.net.ssl.trustStore} (docs/oauth.md), which is why the server
 * runs as a process here.
 *
 * <p>nimbus-jose-jwt's defaults, which the steps below are timed against ({@code
 * JWKSourceBuilder}'s constants): keys cached for 5 minutes; a token naming an unknown key id
 * fetches again; at most two fetches in 30 s ({@code RateLimitedJWKSetSource}), past which {@code
 * RateLimitReachedException}; a host that cannot be reached gives {@code JWKSetRetrievalException}.
 * Both are {@code KeySourceException}s, which Tabula answers 503 ServerBusy (retried by the SDKs)
 * rather than 403: the token may be good.
 *
 * <p>Seen to fail (then reverted): with a {@code KeySourceException} answered as a bad signature
 * (403 AuthenticationFailed, the behaviour before), the outage step failed.
 */
class BearerTokenJwksUrlIT {
  private static final String READER = "11111111-1111-1111-1111-111111111111";

  /** Past nimbus-jose-jwt's 30 s rate limit on fetching the keys again, with room to spare. */
  private static final Duration AFTER_RATE_LIMIT = Duration.ofSeconds(60);

  @TempDir Path dir;
  private TestCertificates certificates;
  private JwksHost host;
  private ServerProcess server;
  private HttpClient client;

  @BeforeEach
  void start() {
    certificates = TestCertificates.create(dir);
    host = JwksHost.start(certificates);
    client = HttpClient.newBuilder().sslContext(certificates.clientContext()).build();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    host.close();
  }

  @Test
  void keysFromAnHttpsUrl_survivesAnOutageAndARotation_withoutRestart() throws Exception {
    RSAKey first = key("first");
    RSAKey second = key("second");
    host.down(); // the host is away when the first token comes
    server = serveWithKeysAt(host.url());

    HttpResponse<String> away = listTables(token(first));
    assertThat(away.statusCode()).as(away.body()).isEqualTo(503);
    assertThat(away.body())
        .contains("ServerBusy")
        .contains("cannot get the keys that sign bearer tokens");
    server.awaitLines(
        line -> line.contains("JWKS keys cannot be fetched"), 1, Duration.ofSeconds(5));

    host.publish(List.of(first));
    host.up();
    assertAccepted(token(first)); // the second fetch nimbus allows in 30 s

    host.publish(List.of(first, second)); // a new key, as Entra ID rolls its keys
    int retried = assertAccepted(token(second)); // once the rate limit lets it fetch again
    assertThat(listTables(token(first)).statusCode()).isEqualTo(200);

    List<String> warnings =
        server.outputLines().stream()
            .filter(l -> l.contains("JWKS keys cannot be fetched"))
            .toList();
    assertThat(retried).as("503s while rate-limited").isGreaterThan(2);
    assertThat(warnings)
        .as("one WARN line an outage (the host away, then the rate limit), not one a request")
        .satisfiesExactly(
            hostAway -> assertThat(hostAway).contains("Connection refused"),
            rateLimit -> assertThat(rateLimit).contains("fetched too often"));
    assertThat(server.outputLines())
        .filteredOn(l -> l.contains("JWKS keys are reachable again"))
        .isNotEmpty();
  }

  /**
   * Polls until {@code token} is accepted; every answer before is the retryable 503 ServerBusy,
   * never a refusal of the token.
   *
   * @return how many 503s came before
   */
  private int assertAccepted(String token) throws Exception {
    long deadline = System.nanoTime() + AFTER_RATE_LIMIT.toNanos();
    for (int retried = 0; ; retried++) {
      HttpResponse<String> answer = listTables(token);
      if (answer.statusCode() == 200) {
        return retried;
      }
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
      assertThat(System.nanoTime()).as("accepted in time").isLessThan(deadline);
      Thread.sleep(250);
    }
  }

  private ServerProcess serveWithKeysAt(String jwksUrl) {
    return ServerProcess.serve(
        List.of(
            "-Xmx256m",
            "-Djavax.net.ssl.trustStore=" + certificates.trustStore(),
            "-Djavax.net.ssl.trustStorePassword=" + TestCertificates.PKCS12_PASSWORD,
            "-Djavax.net.ssl.trustStoreType=PKCS12"),
        List.of(
            "--engine",
            "memory",
            "--tls-cert",
            certificates.certificate().toString(),
            "--tls-key",
            certificates.key().toString(),
            "--https-port",
            "0",
            "--oauth-jwks",
            jwksUrl,
            "--oauth-tenant",
            TestTokens.TENANT),
        Duration.ofSeconds(60));
  }

  private HttpResponse<String> listTables(String token) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(
                    "https://127.0.0.1:"
                        + server.httpsPort()
                        + "/"
                        + TestAccounts.DEVELOPMENT.name()
                        + "/Tables"))
            .header("Authorization", "Bearer " + token)
            .header("x-ms-version", "2020-12-06")
            .header("Accept", "application/json;odata=nometadata")
            .timeout(Duration.ofSeconds(20))
            .GET()
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** A reader's token (the role by its {@code roles} claim), signed by {@code key}. */
  private static String token(RSAKey key) {
    return TestTokens.sign(
        key,
        TestTokens.claims(READER).claim("roles", List.of("Storage Table Data Reader")).build());
  }

  private static RSAKey key(String id) throws JOSEException {
    return new RSAKeyGenerator(2048).keyID(id).generate();
  }
}
