package dev.tabula.protocol.auth;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A signer written from the service's documentation alone, independent of the code under test, plus
 * the fixtures the auth tests share. The development account's key is public (every Azure emulator
 * ships it); the secondary key is made up for the tests.
 */
final class TestSigner {
  static final String ACCOUNT = "devstoreaccount1";
  static final String PRIMARY_KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
  static final String SECONDARY_KEY =
      Base64.getEncoder()
          .encodeToString(
              "tabula-secondary-key-for-tests-0123456789".getBytes(StandardCharsets.UTF_8));
  static final String OTHER_KEY =
      Base64.getEncoder()
          .encodeToString("not-a-key-of-this-account".getBytes(StandardCharsets.UTF_8));

  static final Instant NOW = Instant.parse("2026-11-30T07:17:00Z");
  static final String NOW_HTTP = "Mon, 30 Nov 2026 07:17:00 GMT";
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  private TestSigner() {}

  static AccountKeys keys() {
    return AccountKeys.of(Map.of(ACCOUNT, List.of(PRIMARY_KEY, SECONDARY_KEY)));
  }

  static SharedKeyAuthenticator authenticator() {
    return new SharedKeyAuthenticator(keys(), CLOCK);
  }

  /** Base64(HMAC-SHA256(Base64Decode(key), UTF-8(stringToSign))). */
  static String sign(String base64Key, String stringToSign) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(base64Key), "HmacSHA256"));
      return Base64.getEncoder()
          .encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** Shared Key Lite, Table service: {@code Date \n CanonicalizedResource}. */
  static String lite(String base64Key, String date, String resource) {
    return "SharedKeyLite " + ACCOUNT + ":" + sign(base64Key, date + "\n" + resource);
  }

  /**
   * Shared Key, Table service: {@code VERB \n Content-MD5 \n Content-Type \n Date \n
   * CanonicalizedResource}.
   */
  static String sharedKey(
      String base64Key, String verb, String contentType, String date, String resource) {
    String stringToSign = verb + "\n" + "" + "\n" + contentType + "\n" + date + "\n" + resource;
    return "SharedKey " + ACCOUNT + ":" + sign(base64Key, stringToSign);
  }
}
