package dev.tabula.protocol.auth;

import dev.tabula.protocol.http.ServiceRequest;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The list of strategies the router authenticates with: the first strategy that {@link
 * RequestAuthenticator#accepts accepts} the request decides it.
 *
 * <p>When none does: a request with an {@code Authorization} header of an unknown scheme fails with
 * 403 AuthenticationFailed "Authentication scheme X is not supported" (the service's text), and a
 * request with no credentials at all fails with 401 NoAuthenticationInformation. The service treats
 * a missing header as an anonymous caller and then refuses it, because tables have no public
 * access; storage services that accept Azure AD tokens answer such callers 401
 * NoAuthenticationInformation with a Bearer challenge (Azure/azure-sdk-for-net
 * sdk/storage/Azure.Storage.Files.DataLake/tests/FileSystemClientTests.cs expects that code for
 * anonymous requests from service version 2019-12-12 on). Azurite answers 403 AuthorizationFailure
 * instead (src/table/middleware/AuthenticationMiddlewareFactory.ts); we follow the service.
 *
 * <p>Immutable and thread-safe when its strategies are.
 */
public final class AuthenticatorChain implements RequestAuthenticator {
  private final List<RequestAuthenticator> strategies;

  /** Strategies in the order they are asked. */
  public AuthenticatorChain(List<RequestAuthenticator> strategies) {
    this.strategies = List.copyOf(strategies);
  }

  /**
   * The service's strategies over the accounts' keys: SharedKey and SharedKeyLite, then account SAS
   * and table service SAS. An Authorization header decides when present; otherwise a {@code sig} in
   * the query does.
   *
   * @param policies the tables' stored access policies, which service SAS may name
   */
  public static AuthenticatorChain standard(
      AccountKeys keys, StoredAccessPolicies policies, Clock clock) {
    return new AuthenticatorChain(
        List.of(
            new SharedKeyAuthenticator(keys, clock),
            new AccountSasAuthenticator(keys, clock),
            new ServiceSasAuthenticator(keys, policies, clock)));
  }

  /** Whether any strategy accepts the request. */
  @Override
  public boolean accepts(ServiceRequest request) {
    return strategies.stream().anyMatch(strategy -> strategy.accepts(request));
  }

  /** {@inheritDoc} The answer of the strategy that decides the request. */
  @Override
  public boolean authenticatesWithoutWaiting(ServiceRequest request) {
    for (RequestAuthenticator strategy : strategies) {
      if (strategy.accepts(request)) {
        return strategy.authenticatesWithoutWaiting(request);
      }
    }
    return true; // refused from the request alone
  }

  /** {@inheritDoc} The first strategy's that has one. */
  @Override
  public @Nullable String bearerChallenge() {
    for (RequestAuthenticator strategy : strategies) {
      String challenge = strategy.bearerChallenge();
      if (challenge != null) {
        return challenge;
      }
    }
    return null;
  }

  @Override
  public AuthResult authenticate(ServiceRequest request, String account, String signedPath) {
    for (RequestAuthenticator strategy : strategies) {
      if (strategy.accepts(request)) {
        return strategy.authenticate(request, account, signedPath);
      }
    }
    Optional<AuthorizationHeader> header = AuthorizationHeader.of(request);
    if (header.isPresent()) {
      throw header.get().unsupportedScheme();
    }
    throw AuthenticationErrors.noAuthenticationInformation();
  }
}
