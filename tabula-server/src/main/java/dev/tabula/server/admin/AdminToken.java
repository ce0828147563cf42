package dev.tabula.server.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The secret that the admin listener's backup endpoint asks for ({@code --admin-token}), sent as
 * {@code Authorization: Bearer TOKEN}. Compared in constant time: both sides are hashed first, so
 * neither the time taken nor an early exit on a length mismatch tells a guesser anything. Its
 * {@code toString} never shows it.
 */
public final class AdminToken {
  /** The shortest token accepted: 16 characters, about 96 bits from a random base64 string. */
  public static final int MIN_LENGTH = 16;

  private final byte[] digest;

  private AdminToken(byte[] digest) {
    this.digest = digest;
  }

  /**
   * The token {@code text}.
   *
   * @throws IllegalArgumentException when it is shorter than {@value #MIN_LENGTH} characters or
   *     holds a space or control character (it could not be sent in a header as it is)
   */
  public static AdminToken of(String text) {
    if (text.length() < MIN_LENGTH) {
      throw new IllegalArgumentException(
          "the admin token must be at least " + MIN_LENGTH + " characters");
    }
    if (!text.chars().allMatch(c -> c > ' ' && c < 127)) {
      throw new IllegalArgumentException("the admin token must be printable ASCII without spaces");
    }
    return new AdminToken(sha256(text));
  }

  /** Whether {@code presented} is this token. */
  public boolean matches(String presented) {
    return MessageDigest.isEqual(digest, sha256(presented));
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  @Override
  public String toString() {
    return "AdminToken[hidden]";
  }
}
