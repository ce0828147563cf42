package dev.tabula.protocol.auth;

import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import org.jspecify.annotations.Nullable;

/**
 * One way of proving which account sent a request (Shared Key, Shared Key Lite, and later account
 * and service SAS). The router tells it which account the URL addresses and which path the client
 * signed; the strategy checks the request's credentials against them.
 *
 * <p>Implementations are immutable and thread-safe, and never put a key or a signature into an
 * exception message.
 */
public interface RequestAuthenticator {

  /**
   * Whether the request carries the kind of credentials this strategy reads (for Shared Key: an
   * {@code Authorization} header with a Shared Key scheme). Cheap, never throws; says nothing about
   * whether the credentials are valid.
   */
  boolean accepts(ServiceRequest request);

  /**
   * Verifies the request's credentials.
   *
   * @param request the request as received
   * @param account the account the URL addresses: the first path segment (path-style) or the host's
   *     first label (host-style)
   * @param signedPath the percent-encoded path the client signed: the request's raw path in both
   *     URL styles ({@code /devstoreaccount1/Tables} path-style, {@code /Tables} host-style)
   * @return who the request proved to be
   * @throws TableException with the service's code when the credentials are missing, malformed or
   *     wrong (401 NoAuthenticationInformation, 400 InvalidAuthenticationInfo, 403
   *     AuthenticationFailed)
   */
  AuthResult authenticate(ServiceRequest request, String account, String signedPath);

  /**
   * Whether {@link #authenticate} can decide without waiting for the engine: a network event loop
   * authenticates only such requests. Cheap, never throws. True unless the credentials name
   * something stored, such as a service SAS's stored access policy.
   */
  default boolean authenticatesWithoutWaiting(ServiceRequest request) {
    return true;
  }

  /**
   * The {@code WWW-Authenticate} value every 401 answer carries when this strategy takes bearer
   * tokens, so that a client learns where to get one; null when it takes none.
   */
  default @Nullable String bearerChallenge() {
    return null;
  }

  /** {@link #authenticate(ServiceRequest, String, String)} over the request's raw path. */
  default AuthResult authenticate(ServiceRequest request, String account) {
    return authenticate(request, account, request.rawPath());
  }
}
