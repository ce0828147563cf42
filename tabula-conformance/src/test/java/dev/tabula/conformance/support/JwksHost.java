package dev.tabula.conformance.support;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.jspecify.annotations.Nullable;

/**
 * A JSON Web Key Set served over HTTPS at {@code https://127.0.0.1:PORT/keys}, as Entra ID serves
 * its keys, by the JDK's own {@link HttpsServer} with a test certificate. The test changes the keys
 * served ({@link #publish}), and takes the host down and up again on the same port to play an
 * outage. Counts the fetches.
 */
public final class JwksHost implements AutoCloseable {
  private final SSLContext tls;
  private int port;
  private final AtomicInteger fetches = new AtomicInteger();
  private volatile String keys = new JWKSet().toString();
  private @Nullable HttpsServer server;

  private JwksHost(SSLContext tls, int port) {
    this.tls = tls;
    this.port = port;
  }

  /** A host on a free loopback port, serving with {@code certificates}; started. */
  public static JwksHost start(TestCertificates certificates) {
    JwksHost host = new JwksHost(serverContext(certificates), 0);
    host.up();
    return host;
  }

  /** The URL the server is given: {@code https://127.0.0.1:PORT/keys}. */
  public synchronized String url() {
    return "https://127.0.0.1:" + port + "/keys";
  }

  /** Serves the public halves of {@code published} from now on. */
  public void publish(List<? extends JWK> published) {
    keys = new JWKSet(published.stream().map(JWK::toPublicJWK).toList()).toString();
  }

  /** How many times the keys were fetched. */
  public int fetches() {
    return fetches.get();
  }

  /** Starts serving (again) on its port (a free one the first time). */
  public synchronized void up() {
    try {
      HttpsServer started =
          HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
      started.setHttpsConfigurator(new HttpsConfigurator(tls));
      started.createContext("/keys", this::answer);
      started.start();
      server = started;
      port = started.getAddress().getPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stops serving: connections to its port are refused from now on. */
  public synchronized void down() {
    HttpsServer running = server;
    if (running != null) {
      running.stop(0);
      server = null;
    }
  }

  @Override
  public void close() {
    down();
  }

  private void answer(HttpExchange exchange) throws IOException {
    fetches.incrementAndGet();
    byte[] body = keys.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static SSLContext serverContext(TestCertificates certificates) {
    char[] password = TestCertificates.PKCS12_PASSWORD.toCharArray();
    try (InputStream in = Files.newInputStream(certificates.pkcs12())) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
      KeyManagerFactory keys =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(store, password);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys.getKeyManagers(), null, null);
      return context;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
