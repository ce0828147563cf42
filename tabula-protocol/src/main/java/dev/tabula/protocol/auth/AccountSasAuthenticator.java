package dev.tabula.protocol.auth;

import dev.tabula.protocol.http.ServiceRequest;
import java.time.Clock;
import java.util.Objects;

/**
 * Verifies an account shared access signature ({@code sv ss srt sp st se sip spr [ses] sig};
 * learn.microsoft.com "Create an account SAS"). Account SAS exists from version 2015-04-05; {@code
 * ss}, {@code srt}, {@code sp} and {@code se} are required; stored access policies do not apply.
 * Order: version and required fields, the signature over {@link SasStringToSign#account}, the time
 * window; services, resource types, permissions and the connection are the grant's ({@link
 * AccountSasGrant}). Immutable and thread-safe.
 */
public final class AccountSasAuthenticator implements RequestAuthenticator {
  private final AccountKeys keys;
  private final Clock clock;

  public AccountSasAuthenticator(AccountKeys keys, Clock clock) {
    this.keys = Objects.requireNonNull(keys, "keys");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** A {@code sig} without an Authorization header, with services or resource types. */
  @Override
  public boolean accepts(ServiceRequest request) {
    return SasParameters.carriesSignature(request) && SasParameters.isAccountSas(request);
  }

  @Override
  public AuthResult authenticate(ServiceRequest request, String account, String signedPath) {
    SasParameters sas = SasParameters.of(request);
    SasSignatures.requireVersion(sas.version(), SasStringToSign.SIGNED_IP_VERSION, "account SAS");
    require("ss", sas.services());
    require("srt", sas.resourceTypes());
    SasSignatures.verify(keys, account, SasStringToSign.account(sas, account), sas.signature());
    SasTerms terms = SasTerms.of(sas, null);
    terms.checkWindow(clock.instant());
    AccountSasGrant grant =
        new AccountSasGrant(
            sas.services(), sas.resourceTypes(), terms.permissions(), SasConnection.of(sas));
    return new AuthResult(account, AuthScheme.ACCOUNT_SAS, grant);
  }

  private static void require(String name, String field) {
    if (!SasParameters.given(field)) {
      throw AuthenticationErrors.authenticationFailed(name + " is mandatory. Cannot be empty");
    }
  }
}
