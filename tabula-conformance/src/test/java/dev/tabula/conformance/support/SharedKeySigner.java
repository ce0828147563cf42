package dev.tabula.conformance.support;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Test-side Shared Key signing, written from the service's documented string-to-sign (Table service
 * variant: no canonicalized headers; the date slot carries x-ms-date when present).
 */
public final class SharedKeySigner {
  /** RFC 1123 with a two-digit day, as HTTP dates are written. */
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);

  private SharedKeySigner() {}

  /** An instant as an HTTP date. */
  public static String httpDate(ZonedDateTime time) {
    return HTTP_DATE.format(time.withZoneSameInstant(ZoneOffset.UTC));
  }

  /**
   * The canonicalized resource of a path-style request: the account, then the path as sent (which
   * itself starts with the account), then {@code ?comp=} when the query has it.
   */
  public static String canonicalResource(String account, String pathAsSent, String query) {
    StringBuilder resource = new StringBuilder("/").append(account).append(pathAsSent);
    if (query != null) {
      for (String parameter : query.split("&")) {
        if (parameter.startsWith("comp=")) {
          resource.append("?comp=").append(parameter.substring("comp=".length()));
        }
      }
    }
    return resource.toString();
  }

  /** SharedKeyLite: {@code date \n resource}. */
  public static String liteStringToSign(String date, String resource) {
    return date + "\n" + resource;
  }

  /** SharedKey (Table): {@code VERB \n Content-MD5 \n Content-Type \n date \n resource}. */
  public static String sharedKeyStringToSign(
      String verb, String contentMd5, String contentType, String date, String resource) {
    return verb
        + "\n"
        + nullToEmpty(contentMd5)
        + "\n"
        + nullToEmpty(contentType)
        + "\n"
        + date
        + "\n"
        + resource;
  }

  /** Base64(HMAC-SHA256(base64-decoded key, UTF-8 string)). */
  public static String sign(String base64Key, String stringToSign) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(base64Key), "HmacSHA256"));
      return Base64.getEncoder()
          .encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String nullToEmpty(String value) {
    return value == null ? "" : value;
  }
}
