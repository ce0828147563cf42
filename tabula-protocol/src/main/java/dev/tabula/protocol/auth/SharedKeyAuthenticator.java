package dev.tabula.protocol.auth;

import dev.tabula.protocol.http.ServiceRequest;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * Verifies {@code Authorization: SharedKey <account>:<signature>} and {@code SharedKeyLite
 * <account>:<signature>} for the Table service: the signature must be Base64(HMAC-SHA256(key, UTF-8
 * string to sign)) under one of the account's keys, and the signed date must lie within {@link
 * RequestDateWindow} of the server's clock.
 *
 * <p>Which date is signed. The service signs {@code x-ms-date} when present, else {@code Date}, and
 * so do the SDKs: Python (SharedKey), .NET and JavaScript (SharedKeyLite) send and sign {@code
 * x-ms-date}; Java 12.5.9 (SharedKeyLite) sends only {@code Date} and signs it. Azurite and some
 * older clients prefer {@code Date} when both are present, so a signature over {@code Date} is also
 * accepted then, provided that date too is within the window (otherwise a stale signed request
 * could be replayed with a fresh {@code x-ms-date}). Sources: Azure/azure-sdk-for-python
 * sdk/tables/azure-data-tables/azure/data/tables/_authentication.py; Azure/azure-sdk-for-net
 * sdk/tables/Azure.Data.Tables/src/TableSharedKeyPipelinePolicy.cs with TableConstants ({@code Date
 * = "x-ms-date"}, {@code SharedKey = "SharedKeyLite"}); Azure/azure-sdk-for-js
 * sdk/tables/data-tables/src/tablesNamedCredentialPolicy.ts; the 12.5.9 jar's {@code
 * TableAzureNamedKeyCredentialPolicy} with azure-core's {@code AddDatePolicy}; Azure/Azurite
 * src/table/authentication/TableSharedKeyLiteAuthenticator.ts. An empty date line, which the Java
 * policy signs if a caller adds {@code x-ms-date} itself, is refused: it binds no time at all.
 *
 * <p>Order of checks, as in the service: header shape, then date, then account, then signature.
 * Immutable and thread-safe.
 */
public final class SharedKeyAuthenticator implements RequestAuthenticator {
  private final AccountKeys keys;
  private final RequestDateWindow dateWindow;

  /** Checks dates against {@code clock} with the service's 15-minute allowance. */
  public SharedKeyAuthenticator(AccountKeys keys, Clock clock) {
    this(keys, new RequestDateWindow(clock));
  }

  public SharedKeyAuthenticator(AccountKeys keys, RequestDateWindow dateWindow) {
    this.keys = Objects.requireNonNull(keys, "keys");
    this.dateWindow = Objects.requireNonNull(dateWindow, "dateWindow");
  }

  @Override
  public boolean accepts(ServiceRequest request) {
    return AuthorizationHeader.schemeOf(request).flatMap(AuthScheme::fromHeaderName).isPresent();
  }

  @Override
  public AuthResult authenticate(ServiceRequest request, String account, String signedPath) {
    SharedKeySignature signature =
        SharedKeySignature.parse(
            AuthorizationHeader.of(request)
                .orElseThrow(AuthenticationErrors::noAuthenticationInformation));
    List<String> signedDates = signedDates(request);
    List<AccountKey> accountKeys = keysOf(signature, account);
    String resource = SharedKeyStringToSign.canonicalizedResource(account, signedPath, request);
    for (String date : signedDates) {
      String stringToSign = SharedKeyStringToSign.of(signature.scheme(), request, date, resource);
      for (AccountKey key : accountKeys) {
        if (signature.isSignedBy(key, stringToSign)) {
          return new AuthResult(account, signature.scheme());
        }
      }
    }
    // The service quotes the string it signed, which helps a client find its mistake and holds
    // only request fields.
    throw AuthenticationErrors.sharedKeyMismatch(
        SharedKeyStringToSign.of(signature.scheme(), request, signedDates.get(0), resource));
  }

  /** The keys the signature may have been made with: those of the account the URL addresses. */
  private List<AccountKey> keysOf(SharedKeySignature signature, String account) {
    if (!signature.account().equals(account)) {
      throw AuthenticationErrors.authenticationFailed(
          "The account '"
              + signature.account()
              + "' in the Authorization header is not the account '"
              + account
              + "' the request addresses.");
    }
    List<AccountKey> accountKeys = keys.keysOf(account);
    if (accountKeys.isEmpty()) {
      throw AuthenticationErrors.authenticationFailed(
          "Cannot find the claimed account when trying to GetProperties for the account "
              + account
              + ".");
    }
    return accountKeys;
  }

  /**
   * The date values the client may have signed, the service's choice first. The first is checked
   * against the window and fails the request when absent or outside it; the {@code Date} fallback
   * is offered only when it is inside the window.
   */
  private List<String> signedDates(ServiceRequest request) {
    String msDate = nonBlank(request.header("x-ms-date"));
    String httpDate = nonBlank(request.header("Date"));
    String primary = msDate != null ? msDate : httpDate;
    if (primary == null) {
      throw AuthenticationErrors.authenticationFailed("Request date header not specified");
    }
    dateWindow.check(primary);
    if (msDate != null
        && httpDate != null
        && !httpDate.equals(msDate)
        && dateWindow.contains(httpDate)) {
      return List.of(primary, httpDate);
    }
    return List.of(primary);
  }

  private static String nonBlank(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
