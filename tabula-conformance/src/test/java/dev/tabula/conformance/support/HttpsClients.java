package dev.tabula.conformance.support;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.netty.NettyAsyncHttpClientBuilder;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import dev.tabula.server.Account;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.time.Duration;
import java.time.OffsetDateTime;
import javax.net.ssl.SSLException;
import reactor.core.publisher.Mono;

/**
 * The official SDK over HTTPS, trusting a test certificate only: with Shared Key, or with a bearer
 * token (a {@link TokenCredential}, without retries, so that each refusal is seen as it is). The
 * one place the TLS tests build their clients.
 */
public final class HttpsClients {
  private HttpsClients() {}

  /** A Shared Key client of {@code account} at {@code endpoint} (an {@code https} endpoint). */
  public static TableServiceClient sharedKey(
      String endpoint, TestCertificates certificates, Account account) {
    return new TableServiceClientBuilder()
        .endpoint(endpoint)
        .credential(new AzureNamedKeyCredential(account.name(), account.key()))
        .httpClient(trusting(certificates))
        .buildClient();
  }

  /** A client of {@code endpoint} (an {@code https} account endpoint) sending {@code token}. */
  public static TableServiceClient bearer(
      String endpoint, TestCertificates certificates, String token) {
    return builder(
            endpoint,
            certificates,
            request -> Mono.just(new AccessToken(token, OffsetDateTime.now().plusHours(1))))
        .buildClient();
  }

  /**
   * A builder of such clients with {@code credential}, for the settings a test adds (tenant
   * discovery).
   */
  public static TableServiceClientBuilder builder(
      String endpoint, TestCertificates certificates, TokenCredential credential) {
    return new TableServiceClientBuilder()
        .endpoint(endpoint)
        .credential(credential)
        .httpClient(trusting(certificates))
        .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))));
  }

  /** An SDK HTTP client (Netty) that trusts {@code certificates} only. */
  public static HttpClient trusting(TestCertificates certificates) {
    SslContext tls = nettyContext(certificates);
    return new NettyAsyncHttpClientBuilder(
            reactor.netty.http.client.HttpClient.create().secure(spec -> spec.sslContext(tls)))
        .build();
  }

  /** A Netty client TLS context that trusts {@code certificates} only. */
  public static SslContext nettyContext(TestCertificates certificates) {
    try {
      return SslContextBuilder.forClient()
          .trustManager(certificates.certificate().toFile())
          .build();
    } catch (SSLException e) {
      throw new IllegalStateException(e);
    }
  }
}
