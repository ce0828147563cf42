package dev.tabula.protocol.auth;

import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code Authorization} header split into its scheme and the scheme's parameter ({@code
 * SharedKey account:signature} has scheme {@code SharedKey}). Knows nothing of any one scheme, so
 * every header-based strategy shares it.
 *
 * @param scheme the scheme token, as sent
 * @param parameter everything after the scheme, trimmed; never empty. Holds the credential.
 */
public record AuthorizationHeader(String scheme, String parameter) {
  /** The header's name. */
  public static final String NAME = "Authorization";

  public AuthorizationHeader {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(parameter, "parameter");
  }

  /**
   * The request's {@code Authorization} header; empty when the request has none, which makes it
   * anonymous.
   *
   * @throws TableException 400 InvalidAuthenticationInfo when the header repeats or has no
   *     parameter after the scheme (the service treats both as an invalid header)
   */
  public static Optional<AuthorizationHeader> of(ServiceRequest request) {
    List<String> values = request.headers(NAME);
    if (values.isEmpty()) {
      return Optional.empty();
    }
    if (values.size() > 1) {
      throw AuthenticationErrors.invalidAuthenticationInfo("The Authorization header is repeated.");
    }
    String value = values.get(0).strip();
    int space = firstWhitespace(value);
    String parameter = space < 0 ? "" : value.substring(space + 1).strip();
    if (parameter.isEmpty()) {
      throw AuthenticationErrors.invalidAuthenticationInfo(
          "The Authorization header is not of the form '<scheme> <credentials>'.");
    }
    return Optional.of(new AuthorizationHeader(value.substring(0, space), parameter));
  }

  /**
   * The scheme token of the request's {@code Authorization} header without validating the rest;
   * empty when there is no header. Lets a strategy say cheaply whether a request is its own.
   */
  public static Optional<String> schemeOf(ServiceRequest request) {
    String value = request.header(NAME);
    if (value == null) {
      return Optional.empty();
    }
    String stripped = value.strip();
    int space = firstWhitespace(stripped);
    return Optional.of(space < 0 ? stripped : stripped.substring(0, space));
  }

  /** 403 AuthenticationFailed for a scheme no strategy handles, in the service's words. */
  public TableException unsupportedScheme() {
    return AuthenticationErrors.authenticationFailed(
        "Authentication scheme " + scheme + " is not supported");
  }

  private static int firstWhitespace(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (Character.isWhitespace(value.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  /** Leaves the parameter out: it carries the signature or token. */
  @Override
  public String toString() {
    return "AuthorizationHeader[" + scheme + "]";
  }
}
