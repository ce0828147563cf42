package dev.tabula.server;

import dev.tabula.protocol.auth.AuthResult;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The accounts the server serves now, and the authentication chain over their keys. {@link
 * #replace} swaps both at once (one volatile write of an immutable snapshot): each request is
 * authenticated against one set of accounts, the old or the new, never a mix, and a request in
 * flight is not disturbed.
 *
 * <p>Thread-safe.
 */
final class LiveAccounts implements RequestAuthenticator {
  private final Function<List<Account>, RequestAuthenticator> chainFor;
  private volatile Served current;

  /** One version of the accounts: immutable. */
  private record Served(
      List<Account> accounts, Set<String> names, RequestAuthenticator authenticator) {}

  /**
   * @param chainFor the authentication chain over a set of accounts' keys
   */
  LiveAccounts(List<Account> accounts, Function<List<Account>, RequestAuthenticator> chainFor) {
    this.chainFor = chainFor;
    this.current = served(accounts);
  }

  /** The accounts served now. */
  List<Account> accounts() {
    return current.accounts();
  }

  /** Whether an account of this name is served now. */
  boolean serves(String name) {
    return current.names().contains(name);
  }

  /** Serves {@code accounts} from now on, instead of those served so far. */
  void replace(List<Account> accounts) {
    current = served(accounts);
  }

  private Served served(List<Account> accounts) {
    List<Account> copy = List.copyOf(accounts);
    return new Served(
        copy,
        copy.stream().map(Account::name).collect(Collectors.toUnmodifiableSet()),
        chainFor.apply(copy));
  }

  @Override
  public boolean accepts(ServiceRequest request) {
    return current.authenticator().accepts(request);
  }

  @Override
  public boolean authenticatesWithoutWaiting(ServiceRequest request) {
    return current.authenticator().authenticatesWithoutWaiting(request);
  }

  @Override
  public AuthResult authenticate(ServiceRequest request, String account, String signedPath) {
    return current.authenticator().authenticate(request, account, signedPath);
  }

  // Every method of the interface is handed on, defaults included: the bearer challenge of a
  // chain that takes tokens was lost once when this class left it to the interface's default.
  @Override
  public @Nullable String bearerChallenge() {
    return current.authenticator().bearerChallenge();
  }
}
