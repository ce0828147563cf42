package dev.tabula.protocol.auth;

import dev.tabula.model.TableException;
import java.util.Arrays;
import java.util.Base64;

/**
 * The parameter of a {@code SharedKey} or {@code SharedKeyLite} Authorization header: the account
 * that claims to have signed and the signature, decoded. Immutable.
 */
public final class SharedKeySignature {
  private final AuthScheme scheme;
  private final String account;
  private final byte[] signature;

  private SharedKeySignature(AuthScheme scheme, String account, byte[] signature) {
    this.scheme = scheme;
    this.account = account;
    this.signature = signature;
  }

  /**
   * Reads {@code <account>:<base64 signature>} from a Shared Key header.
   *
   * @throws TableException 403 AuthenticationFailed when the scheme is not a Shared Key scheme; 400
   *     InvalidAuthenticationInfo when the parameter is not exactly two non-empty parts around one
   *     colon, or the signature is not base64 (the service's codes for both)
   */
  public static SharedKeySignature parse(AuthorizationHeader header) {
    AuthScheme scheme =
        AuthScheme.fromHeaderName(header.scheme()).orElseThrow(header::unsupportedScheme);
    String parameter = header.parameter();
    int colon = parameter.indexOf(':');
    if (colon <= 0 || colon == parameter.length() - 1 || parameter.indexOf(':', colon + 1) >= 0) {
      // The service quotes the whole header here; that would echo the signature, so we do not.
      throw AuthenticationErrors.invalidAuthenticationInfo(
          "The Authorization header is not of the form '"
              + scheme.headerName()
              + " <account>:<signature>'.");
    }
    return new SharedKeySignature(
        scheme, parameter.substring(0, colon), decode(parameter.substring(colon + 1)));
  }

  private static byte[] decode(String base64) {
    try {
      return Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw AuthenticationErrors.invalidAuthenticationInfo(
          "Signature is not a valid base64 string.");
    }
  }

  /** The scheme the header names. */
  public AuthScheme scheme() {
    return scheme;
  }

  /** The account the header claims signed the request. */
  public String account() {
    return account;
  }

  /** The decoded signature; a copy. */
  public byte[] signature() {
    return Arrays.copyOf(signature, signature.length);
  }

  /** Whether {@code key} made this signature over {@code stringToSign}, in constant time. */
  public boolean isSignedBy(AccountKey key, String stringToSign) {
    return key.verifies(stringToSign, signature);
  }

  /** Leaves the signature out. */
  @Override
  public String toString() {
    return "SharedKeySignature[" + scheme.headerName() + " " + account + "]";
  }
}
