package dev.tabula.protocol.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One decoded account key and the HMAC-SHA256 signatures it makes. The key bytes never leave this
 * object: callers ask it to sign or to verify, so no error path can print a key by accident.
 *
 * <p>Immutable and thread-safe: each thread keeps its own {@link Mac}, initialised with this key
 * once, because looking up and initialising one per request costs more than the HMAC itself.
 */
public final class AccountKey {
  private static final String HMAC_SHA256 = "HmacSHA256";

  private final String account;
  private final SecretKeySpec key;
  private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);

  /**
   * @param account the account the key belongs to
   * @param key the raw key bytes (the base64-decoded account key); copied, must not be empty
   */
  public AccountKey(String account, byte[] key) {
    this.account = Objects.requireNonNull(account, "account");
    if (Objects.requireNonNull(key, "key").length == 0) {
      throw new IllegalArgumentException("the key of account " + account + " is empty");
    }
    this.key = new SecretKeySpec(Arrays.copyOf(key, key.length), HMAC_SHA256);
  }

  /** The account this key belongs to. */
  public String account() {
    return account;
  }

  /** HMAC-SHA256 of the UTF-8 bytes of {@code stringToSign} under this key. */
  public byte[] sign(String stringToSign) {
    // doFinal resets the Mac to its key, ready for the thread's next signature.
    return macs.get().doFinal(stringToSign.getBytes(StandardCharsets.UTF_8));
  }

  private Mac newMac() {
    try {
      Mac mac = Mac.getInstance(HMAC_SHA256);
      mac.init(key);
      return mac;
    } catch (GeneralSecurityException e) {
      // Every Java 17 runtime ships HmacSHA256 and the key is a valid non-empty spec.
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }

  /**
   * Whether {@code signature} is this key's signature of {@code stringToSign}. The comparison takes
   * the same time wherever the first differing byte is, so timing reveals nothing of the expected
   * signature.
   */
  public boolean verifies(String stringToSign, byte[] signature) {
    return MessageDigest.isEqual(sign(stringToSign), signature);
  }

  /** Names the account only: a key must never reach a log or an error message. */
  @Override
  public String toString() {
    return "AccountKey[" + account + "]";
  }
}
