package dev.tabula.tools.client;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs Table service requests with SharedKeyLite, as the Azure SDKs do: {@code StringToSign =
 * x-ms-date + "\n" + "/" + account + pathAsSent} (path-style, so the path itself starts with the
 * account; no query parameters are signed except {@code comp}, which these requests never use).
 * Thread-safe: each thread keeps its own {@link Mac}.
 */
public final class SharedKeyLiteSigner {
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
          .withZone(ZoneOffset.UTC);

  private final String account;
  private final ThreadLocal<Mac> macs;

  /** A signer for an account and its base64 key. */
  public SharedKeyLiteSigner(String account, String base64Key) {
    this.account = account;
    SecretKeySpec key = new SecretKeySpec(Base64.getDecoder().decode(base64Key), "HmacSHA256");
    this.macs = ThreadLocal.withInitial(() -> newMac(key));
  }

  /** The x-ms-date value for an instant (RFC 1123, two-digit day). */
  public static String httpDate(Instant instant) {
    return HTTP_DATE.format(instant);
  }

  /** The Authorization header value for a request sent with this date to this path. */
  public String authorization(String date, String pathAsSent) {
    String stringToSign = date + "\n/" + account + pathAsSent;
    byte[] digest = macs.get().doFinal(stringToSign.getBytes(StandardCharsets.UTF_8));
    return "SharedKeyLite " + account + ":" + Base64.getEncoder().encodeToString(digest);
  }

  private static Mac newMac(SecretKeySpec key) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }
}
