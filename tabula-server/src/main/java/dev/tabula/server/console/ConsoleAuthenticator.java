package dev.tabula.server.console;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.auth.AuthResult;
import dev.tabula.protocol.auth.AuthScheme;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.function.Predicate;

/**
 * The only authenticator of the console's protocol: a request the console forwards was already let
 * in by the console's own access rules, so it is granted as the owner of the account it addresses,
 * if the console may act as that account; any other account is refused as the service refuses a
 * wrong key (403 AuthenticationFailed). It reads no credentials and knows no key, and it is never
 * part of the data listener's chain.
 */
final class ConsoleAuthenticator implements RequestAuthenticator {
  private final Predicate<String> consoleAccounts;

  /**
   * @param consoleAccounts whether the console may act as an account, asked at each request
   */
  ConsoleAuthenticator(Predicate<String> consoleAccounts) {
    this.consoleAccounts = consoleAccounts;
  }

  @Override
  public boolean accepts(ServiceRequest request) {
    return true;
  }

  @Override
  public AuthResult authenticate(ServiceRequest request, String account, String signedPath) {
    if (!consoleAccounts.test(account)) {
      throw TableErrorCode.AUTHENTICATION_FAILED.exception();
    }
    // Shared Key stands for "the account owner": the console acts with the account's full rights.
    return new AuthResult(account, AuthScheme.SHARED_KEY);
  }
}
