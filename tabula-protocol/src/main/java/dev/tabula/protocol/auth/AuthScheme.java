package dev.tabula.protocol.auth;

import java.util.Optional;

/**
 * The ways a request proves which account sent it: the two Shared Key schemes of the {@code
 * Authorization} header, the two shared access signatures carried in the query string, and a
 * Microsoft Entra ID bearer token.
 */
public enum AuthScheme {
  /** {@code SharedKey}: signs verb, Content-MD5, Content-Type, date and resource (Python SDK). */
  SHARED_KEY("SharedKey"),
  /** {@code SharedKeyLite}: signs date and resource only (Java, .NET and JavaScript SDKs). */
  SHARED_KEY_LITE("SharedKeyLite"),
  /** An account shared access signature ({@code ss}, {@code srt}, ... {@code sig} in the query). */
  ACCOUNT_SAS(null),
  /** A table's service shared access signature ({@code tn}, ... {@code sig} in the query). */
  SERVICE_SAS(null),
  /**
   * A Microsoft Entra ID access token ({@code Authorization: Bearer <JWT>}). Read by {@link
   * BearerTokenAuthenticator} alone, so it has no Shared Key header name here.
   */
  BEARER(null);

  private final String headerName;

  AuthScheme(String headerName) {
    this.headerName = headerName;
  }

  /** The scheme's name as written in the {@code Authorization} header; null for the SAS kinds. */
  public String headerName() {
    return headerName;
  }

  private static final AuthScheme[] ALL = values(); // values() copies its array per call

  /**
   * The Shared Key scheme with this name. Case-insensitive, as the service parses the scheme
   * ignoring case.
   */
  public static Optional<AuthScheme> fromHeaderName(String name) {
    for (AuthScheme scheme : ALL) {
      if (scheme.headerName != null && scheme.headerName.equalsIgnoreCase(name)) {
        return Optional.of(scheme);
      }
    }
    return Optional.empty();
  }
}
