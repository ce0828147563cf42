package dev.tabula.protocol.auth;

import dev.tabula.model.AccessPolicy;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import java.time.Clock;
import java.util.Objects;

/**
 * Verifies a table's service shared access signature ({@code sv}, {@code tn}, {@code sp}, {@code
 * st}, {@code se}, {@code spk}/{@code srk}, {@code epk}/{@code erk}, {@code si}, {@code sip},
 * {@code spr}, {@code sig} in the query string; learn.microsoft.com "Create a service SAS").
 *
 * <p>Order, as Azurite's TableSASAuthenticator (src/table/authentication): version and table, then
 * the signature over {@link SasStringToSign#service}, then the stored policy it names (an unknown
 * one is 403 AuthorizationFailure, Azurite's answer; the service says only that such a signature
 * fails with 403), then the fields from both ({@link SasTerms}) and the time window. The
 * connection, operation, table and keys are the grant's to check ({@link ServiceSasGrant}).
 * Immutable and thread-safe.
 */
public final class ServiceSasAuthenticator implements RequestAuthenticator {
  /** Table SAS exists from this version on. */
  static final String OLDEST_VERSION = "2012-02-12";

  private final AccountKeys keys;
  private final StoredAccessPolicies policies;
  private final Clock clock;

  public ServiceSasAuthenticator(AccountKeys keys, StoredAccessPolicies policies, Clock clock) {
    this.keys = Objects.requireNonNull(keys, "keys");
    this.policies = Objects.requireNonNull(policies, "policies");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** A {@code sig} without an Authorization header, and no account SAS fields. */
  @Override
  public boolean accepts(ServiceRequest request) {
    return SasParameters.carriesSignature(request) && !SasParameters.isAccountSas(request);
  }

  /** {@inheritDoc} Not when the signature names a stored access policy, which the engine holds. */
  @Override
  public boolean authenticatesWithoutWaiting(ServiceRequest request) {
    return request.queryParameter("si") == null;
  }

  @Override
  public AuthResult authenticate(ServiceRequest request, String account, String signedPath) {
    SasParameters sas = SasParameters.of(request);
    SasSignatures.requireVersion(sas.version(), OLDEST_VERSION, "a table SAS");
    if (!SasParameters.given(sas.table())) {
      throw AuthenticationErrors.authenticationFailed("tn is mandatory. Cannot be empty");
    }
    if (sas.permissions() != null) {
      SasPermissions.requireTableOrder(sas.permissions());
    }
    SasSignatures.verify(keys, account, SasStringToSign.service(sas, account), sas.signature());
    SasTerms terms = SasTerms.of(sas, policyOf(sas, account));
    terms.checkWindow(clock.instant());
    ServiceSasGrant grant =
        new ServiceSasGrant(sas.table(), terms.permissions(), keyScope(sas), SasConnection.of(sas));
    return new AuthResult(account, AuthScheme.SERVICE_SAS, grant);
  }

  private AccessPolicy policyOf(SasParameters sas, String account) {
    if (!SasParameters.given(sas.identifier())) {
      return null;
    }
    return policies
        .find(account, sas.table(), sas.identifier())
        .orElseThrow(TableErrorCode.AUTHORIZATION_FAILURE::exception);
  }

  /**
   * The key bounds; a row key bound without its partition key bound is refused ("startPk must
   * accompany startRk"). A bound that is present but empty ({@code erk=}) is a bound on the empty
   * key: the string to sign cannot tell it from an absent one, so the narrower reading is safer.
   */
  private static KeyScope keyScope(SasParameters sas) {
    if (sas.startPartitionKey() == null && sas.startRowKey() != null
        || sas.endPartitionKey() == null && sas.endRowKey() != null) {
      throw AuthenticationErrors.authenticationFailed(
          "A row key bound (srk, erk) needs its partition key bound (spk, epk).");
    }
    return new KeyScope(
        sas.startPartitionKey(), sas.startRowKey(), sas.endPartitionKey(), sas.endRowKey());
  }
}
