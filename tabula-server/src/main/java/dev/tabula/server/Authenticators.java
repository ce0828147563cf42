package dev.tabula.server;

import dev.tabula.protocol.auth.AccountKeys;
import dev.tabula.protocol.auth.AuthenticatorChain;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.auth.StoredAccessPolicies;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    Map<String, List<String>> keys = new LinkedHashMap<>();
    accounts.forEach(a -> keys.put(a.name(), a.keys()));
    return AuthenticatorChain.standard(AccountKeys.of(keys), policies, clock);
  }
}
