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
  private static final String DETAIL = "\nAuthenticationErrorDetail: ";

  /** How a Shared Key mismatch's detail quotes the string to sign (the service's words). */
  private static final String SHARED_KEY_STRING_TO_SIGN =
      " Server used following string to sign: '";

  /** How a SAS mismatch's detail quotes the string to sign (the service's words). */
  private static final String SAS_STRING_TO_SIGN = " String to sign used was ";

  private AuthenticationErrors() {}

  /**
   * 403 AuthenticationFailed for a Shared Key signature made with none of the account's keys,
   * quoting the string the server signed (the service also quotes the received signature; we do
   * not).
   */
  static TableException sharedKeyMismatch(String stringToSign) {
    return authenticationFailed(
        "The MAC signature found in the HTTP request is not the same as any computed signature."
            + SHARED_KEY_STRING_TO_SIGN
            + stringToSign
            + "'.");
  }

  /**
   * 403 AuthenticationFailed for a SAS made with none of the account's keys, as the service says.
   */
  static TableException sasMismatch(String stringToSign) {
    return authenticationFailed("Signature did not match." + SAS_STRING_TO_SIGN + stringToSign);
  }

  /**
   * What a refusal says that may go into a log: its detail (or, without one, its message's first
   * line) without the string to sign a mismatch quotes. The rest quotes nothing but request fields
   * (a date, a signed version, a scheme's name), and never a key or a signature (see above).
   */
  public static String logSafeDetail(TableException refusal) {
    String message = String.valueOf(refusal.getMessage());
    int detailAt = message.indexOf(DETAIL);
    String detail =
        detailAt >= 0
            ? message.substring(detailAt + DETAIL.length())
            : message.lines().findFirst().orElse("");
    for (String quote : new String[] {SHARED_KEY_STRING_TO_SIGN, SAS_STRING_TO_SIGN}) {
      int quoteAt = detail.indexOf(quote);
      if (quoteAt >= 0) {
        detail = detail.substring(0, quoteAt);
      }
    }
    return detail.strip();
  }

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
    return code.exception(code.defaultMessage() + DETAIL + detail);
  }
}
