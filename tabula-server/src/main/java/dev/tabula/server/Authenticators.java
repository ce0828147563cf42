package dev.tabula.server;

import dev.tabula.protocol.auth.AccountKeys;
import dev.tabula.protocol.auth.AuthenticatorChain;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.auth.SharedKeyAuthenticator;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the chain of authentication strategies for the configured accounts. */
final class Authenticators {
  private Authenticators() {}

  /** SharedKey and SharedKeyLite over the accounts' keys (SAS strategies join the chain later). */
  static RequestAuthenticator forAccounts(List<Account> accounts, Clock clock) {
    Map<String, List<String>> keys = new LinkedHashMap<>();
    accounts.forEach(a -> keys.put(a.name(), List.of(a.key())));
    return new AuthenticatorChain(List.of(new SharedKeyAuthenticator(AccountKeys.of(keys), clock)));
  }
}
