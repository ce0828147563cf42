package dev.tabula.protocol.auth;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;

/**
 * The exceptions authentication throws, in the service's codes and words.
 *
 * <p>The service sends its fixed message and, in XML error bodies, an {@code
 * AuthenticationErrorDetail} saying what exactly failed. {@link TableException} has only a message,
 * so the detail follows the fixed text on a line of its own: the first line stays the service's
 * exact text (Python maps some errors by it), and a developer whose signature fails still learns
 * why. A detail may quote what the client sent (a date, the string to sign, which holds nothing but
 * request fields) but never a key, a received signature or a computed one.
 */
public final class AuthenticationErrors {
  private AuthenticationErrors() {}

  /** 403 AuthenticationFailed: the credentials are well-formed but do not prove the account. */
  public static TableException authenticationFailed(String detail) {
    return withDetail(TableErrorCode.AUTHENTICATION_FAILED, detail);
  }

  /** 400 InvalidAuthenticationInfo: the {@code Authorization} header cannot be parsed. */
  public static TableException invalidAuthenticationInfo(String detail) {
    return withDetail(TableErrorCode.INVALID_AUTHENTICATION_INFO, detail);
  }

  /**
   * 401 NoAuthenticationInformation: the request carries no credentials at all. The service pairs
   * this with a {@code WWW-Authenticate: Bearer} challenge; the renderer owns headers.
   */
  public static TableException noAuthenticationInformation() {
    return TableErrorCode.NO_AUTHENTICATION_INFORMATION.exception();
  }

  private static TableException withDetail(TableErrorCode code, String detail) {
    return code.exception(code.defaultMessage() + "\nAuthenticationErrorDetail: " + detail);
  }
}
