package dev.tabula.server;

import dev.tabula.server.admin.AdminToken;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * How the server talks HTTP: TLS, ports, timeouts and request-head limits.
 *
 * <p>TLS: with {@link TlsFiles} (a PEM certificate and its PKCS#8 key, or a PKCS#12 file), the
 * server speaks HTTPS, and takes the files again when they change. Without {@code httpsPort} it
 * speaks HTTPS only, on the main port; with it, HTTP stays on the main port and HTTPS listens on
 * {@code httpsPort}, so both are served.
 *
 * @param tlsFiles the certificate and key, or null for no TLS
 * @param httpsPort a separate HTTPS port (0 picks a free one), or -1 for none
 * @param idleTimeout how long a connection may stay silent (no bytes either way) before it is
 *     closed, between requests or in the middle of one
 * @param requestTimeout how long a request may take to arrive whole, from its first byte to the end
 *     of its body; slower requests (slowloris) are closed without an answer
 * @param maxUrlBytes the longest request line (method, URL, version) accepted
 * @param maxHeaderBytes the most header bytes accepted
 * @param adminHost the address of the admin listener ({@code /health}, {@code /ready}, {@code
 *     /metrics}); loopback by default, as it has no authentication
 * @param adminPort the admin listener's port (0 picks a free one), or -1 for none
 * @param adminToken what the admin listener's {@code POST /backup} asks for, or null: then only a
 *     listener on loopback serves backups (docs/backup.md)
 * @param consoleAccount the one account the console acts as ({@code --console-account}), or null
 *     for every account served (docs/console.md)
 */
public record Transport(
    @Nullable TlsFiles tlsFiles,
    int httpsPort,
    Duration idleTimeout,
    Duration requestTimeout,
    int maxUrlBytes,
    int maxHeaderBytes,
    String adminHost,
    int adminPort,
    @Nullable AdminToken adminToken,
    @Nullable String consoleAccount) {

  /**
   * No TLS; 120 s idle, 30 s per request (the service's own per-request limit), 32 KiB URLs, 64 KiB
   * of headers; no admin listener.
   */
  public static final Transport DEFAULTS =
      new Transport(
          null,
          -1,
          Duration.ofSeconds(120),
          Duration.ofSeconds(30),
          32 * 1024,
          64 * 1024,
          "127.0.0.1",
          -1,
          null,
          null);

  public Transport {
    if (httpsPort >= 0 && tlsFiles == null) {
      throw new IllegalArgumentException("an HTTPS port needs a TLS certificate and key");
    }
    Objects.requireNonNull(idleTimeout, "idleTimeout");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    if (idleTimeout.isNegative()
        || idleTimeout.isZero()
        || requestTimeout.isNegative()
        || requestTimeout.isZero()) {
      throw new IllegalArgumentException("timeouts must be positive");
    }
    if (maxUrlBytes < 256 || maxHeaderBytes < 1024) {
      throw new IllegalArgumentException("request-head limits are too small to serve the SDKs");
    }
    Objects.requireNonNull(adminHost, "adminHost");
    if (adminPort < -1 || adminPort > 65535) {
      throw new IllegalArgumentException("the admin port must be 0..65535: " + adminPort);
    }
  }

  /** Whether TLS is configured. */
  public boolean tls() {
    return tlsFiles != null;
  }

  /** Whether plain HTTP is served: always, unless TLS takes the main port. */
  public boolean servesHttp() {
    return !tls() || httpsPort >= 0;
  }

  /** This transport with TLS from these PEM files, on {@code newHttpsPort} (-1: the main port). */
  public Transport withTls(Path cert, Path key, int newHttpsPort) {
    return withTls(TlsFiles.pem(cert, key), newHttpsPort);
  }

  /** This transport with TLS from {@code files}, on {@code newHttpsPort} (-1: the main port). */
  public Transport withTls(@Nullable TlsFiles files, int newHttpsPort) {
    return with(
        d -> {
          d.tlsFiles = files;
          d.httpsPort = newHttpsPort;
        });
  }

  /** This transport with other timeouts. */
  public Transport withTimeouts(Duration idle, Duration request) {
    return with(
        d -> {
          d.idleTimeout = idle;
          d.requestTimeout = request;
        });
  }

  /** Whether the admin listener is on. */
  public boolean servesAdmin() {
    return adminPort >= 0;
  }

  /** This transport with the admin listener on {@code host}:{@code port} (-1: none). */
  public Transport withAdmin(String host, int port) {
    return with(
        d -> {
          d.adminHost = host;
          d.adminPort = port;
        });
  }

  /** This transport with {@code token} asked for by the admin listener's backups (null: none). */
  public Transport withAdminToken(@Nullable AdminToken token) {
    return with(d -> d.adminToken = token);
  }

  /** This transport with the console acting as {@code account} only (null: every account). */
  public Transport withConsoleAccount(@Nullable String account) {
    return with(d -> d.consoleAccount = account);
  }

  /**
   * A copy of this transport with {@code change} made to its components: the one place a
   * with-method's copy lists them all, so that a new component is added here and nowhere else (as
   * {@link ServerConfig} does it). The copy goes through the constructor, so its checks still run.
   */
  private Transport with(Consumer<Draft> change) {
    Draft d = new Draft(this);
    change.accept(d);
    return new Transport(
        d.tlsFiles,
        d.httpsPort,
        d.idleTimeout,
        d.requestTimeout,
        d.maxUrlBytes,
        d.maxHeaderBytes,
        d.adminHost,
        d.adminPort,
        d.adminToken,
        d.consoleAccount);
  }

  /** The components of a transport being copied with a change; only {@link #with} uses one. */
  private static final class Draft {
    @Nullable TlsFiles tlsFiles;
    int httpsPort;
    Duration idleTimeout;
    Duration requestTimeout;
    int maxUrlBytes;
    int maxHeaderBytes;
    String adminHost;
    int adminPort;
    @Nullable AdminToken adminToken;
    @Nullable String consoleAccount;

    Draft(Transport t) {
      tlsFiles = t.tlsFiles;
      httpsPort = t.httpsPort;
      idleTimeout = t.idleTimeout;
      requestTimeout = t.requestTimeout;
      maxUrlBytes = t.maxUrlBytes;
      maxHeaderBytes = t.maxHeaderBytes;
      adminHost = t.adminHost;
      adminPort = t.adminPort;
      adminToken = t.adminToken;
      consoleAccount = t.consoleAccount;
    }
  }
}
