package dev.tabula.protocol.auth;

import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks the parts of a shared access signature every kind shares: the signed version, and the
 * signature itself against each of the account's keys (HMAC-SHA256 over the UTF-8 string to sign,
 * compared in constant time by {@link AccountKey#verifies}). Failures are 403 AuthenticationFailed
 * with the service's details ("sv is mandatory. Cannot be empty", "Signature fields not well
 * formed.", "Signature did not match. String to sign used was ..."), which quote only fields the
 * client sent, never a key or a signature.
 */
final class SasSignatures {
  private static final Pattern VERSION = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  private SasSignatures() {}

  /** Refuses a missing or malformed {@code sv}, or one older than {@code oldest}. */
  static void requireVersion(String version, String oldest, String kind) {
    if (!SasParameters.given(version)) {
      throw AuthenticationErrors.authenticationFailed("sv is mandatory. Cannot be empty");
    }
    if (!VERSION.matcher(version).matches() || version.compareTo(oldest) < 0) {
      throw AuthenticationErrors.authenticationFailed(
          "The signed version '"
              + version
              + "' does not support "
              + kind
              + " ("
              + oldest
              + " or later).");
    }
  }

  /** Refuses the request unless one of the account's keys signed {@code stringToSign}. */
  static void verify(AccountKeys keys, String account, String stringToSign, String signature) {
    byte[] received = decode(signature);
    List<AccountKey> accountKeys = keys.keysOf(account);
    boolean signed = false;
    for (AccountKey key : accountKeys) {
      signed |= key.verifies(stringToSign, received);
    }
    if (!signed) {
      throw AuthenticationErrors.sasMismatch(stringToSign);
    }
  }

  private static byte[] decode(String signature) {
    try {
      byte[] bytes = Base64.getDecoder().decode(signature);
      if (bytes.length == 0) {
        throw new IllegalArgumentException("empty");
      }
      return bytes;
    } catch (IllegalArgumentException e) {
      throw AuthenticationErrors.authenticationFailed("Signature fields not well formed.");
    }
  }
}
