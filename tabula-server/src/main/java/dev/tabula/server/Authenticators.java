package dev.tabula.server;

import dev.tabula.protocol.auth.AccountKeys;
import dev.tabula.protocol.auth.AuthenticatorChain;
import dev.tabula.protocol.auth.BearerTokenAuthenticator;
import dev.tabula.protocol.auth.BearerTokenVerifier;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.auth.RoleAssignments;
import dev.tabula.protocol.auth.StoredAccessPolicies;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Builds the chain of authentication strategies for the configured accounts. */
final class Authenticators {
  private Authenticators() {}

  /**
   * The service's chain ({@link AuthenticatorChain#standard}) over the configured accounts' keys.
   *
   * @param policies the tables' stored access policies, which service SAS may name
   */
  static RequestAuthenticator forAccounts(
      List<Account> accounts, StoredAccessPolicies policies, Clock clock) {
    return forAccounts(
        accounts, policies, clock, OAuthSettings.DISABLED, OAuthSettings.DISABLED::roles);
  }

  /**
   * {@link #forAccounts(List, StoredAccessPolicies, Clock)} followed, when {@code oauth} is
   * enabled, by bearer tokens: a Shared Key or SAS request is decided exactly as without them.
   *
   * @param roles the role assignments in force (a roles file's, read again when it changes)
   */
  static RequestAuthenticator forAccounts(
      List<Account> accounts,
      StoredAccessPolicies policies,
      Clock clock,
      OAuthSettings oauth,
      Supplier<RoleAssignments> roles) {
    Map<String, List<String>> keys = new LinkedHashMap<>();
    accounts.forEach(a -> keys.put(a.name(), a.keys()));
    AuthenticatorChain standard =
        AuthenticatorChain.standard(AccountKeys.of(keys), policies, clock);
    BearerTokenVerifier verifier = oauth.verifier();
    if (verifier == null) {
      return standard;
    }
    return new AuthenticatorChain(
        List.of(standard, new BearerTokenAuthenticator(verifier, roles, oauth.challengeTenant())));
  }
}
