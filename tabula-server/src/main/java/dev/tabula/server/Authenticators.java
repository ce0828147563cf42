package dev.tabula.server;

import dev.tabula.protocol.auth.AccountKeys;
import dev.tabula.protocol.auth.AccountSasAuthenticator;
import dev.tabula.protocol.auth.AuthenticatorChain;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.auth.ServiceSasAuthenticator;
import dev.tabula.protocol.auth.SharedKeyAuthenticator;
import dev.tabula.protocol.auth.StoredAccessPolicies;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the chain of authentication strategies for the configured accounts. */
final class Authenticators {
  private Authenticators() {}

  /**
   * SharedKey and SharedKeyLite, then account SAS and table service SAS, over the accounts' keys.
   * An Authorization header decides when present; otherwise a {@code sig} in the query does.
   *
   * @param policies the tables' stored access policies, which service SAS may name
   */
  static RequestAuthenticator forAccounts(
      List<Account> accounts, StoredAccessPolicies policies, Clock clock) {
    Map<String, List<String>> keys = new LinkedHashMap<>();
    accounts.forEach(a -> keys.put(a.name(), List.of(a.key())));
    AccountKeys accountKeys = AccountKeys.of(keys);
    return new AuthenticatorChain(
        List.of(
            new SharedKeyAuthenticator(accountKeys, clock),
            new AccountSasAuthenticator(accountKeys, clock),
            new ServiceSasAuthenticator(accountKeys, policies, clock)));
  }
}
