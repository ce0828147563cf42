package dev.tabula.protocol.auth;

import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;

/**
 * The fields of a shared access signature, URL-decoded, as the query string carried them; null when
 * absent. Strings to sign use them exactly as received (the service signs "the URL-decoded
 * values"). Immutable.
 *
 * @param version {@code sv}
 * @param services {@code ss} (account SAS)
 * @param resourceTypes {@code srt} (account SAS)
 * @param permissions {@code sp}
 * @param start {@code st}
 * @param expiry {@code se}
 * @param ip {@code sip}
 * @param protocol {@code spr}
 * @param encryptionScope {@code ses} (account SAS, signed from version 2020-12-06)
 * @param table {@code tn} (service SAS)
 * @param startPartitionKey {@code spk}
 * @param startRowKey {@code srk}
 * @param endPartitionKey {@code epk}
 * @param endRowKey {@code erk}
 * @param identifier {@code si}: a stored access policy of the table (service SAS)
 * @param signature {@code sig}, still base64
 */
public record SasParameters(
    String version,
    String services,
    String resourceTypes,
    String permissions,
    String start,
    String expiry,
    String ip,
    String protocol,
    String encryptionScope,
    String table,
    String startPartitionKey,
    String startRowKey,
    String endPartitionKey,
    String endRowKey,
    String identifier,
    String signature) {

  /** The names of the fields, as query parameters. */
  private static final List<String> NAMES =
      List.of(
          "sv", "ss", "srt", "sp", "st", "se", "sip", "spr", "ses", "tn", "spk", "srk", "epk",
          "erk", "si", "sig");

  /**
   * The signature fields of a request's query string.
   *
   * @throws dev.tabula.model.TableException 403 AuthenticationFailed "Signature fields not well
   *     formed." when a field is given twice: which one was signed cannot be told, so neither is
   *     taken (taking the first would let anything appended after a signed URL be ignored, or the
   *     other way round). No record of the service's answer was found; its .NET query collection
   *     joins repeated values with a comma, which makes no well-formed field (a signature is
   *     base64), so the service's refusal of a malformed signature is chosen.
   */
  public static SasParameters of(ServiceRequest request) {
    for (String name : NAMES) {
      if (request.repeatsQueryParameter(name)) {
        throw AuthenticationErrors.authenticationFailed("Signature fields not well formed.");
      }
    }
    return new SasParameters(
        request.queryParameter("sv"),
        request.queryParameter("ss"),
        request.queryParameter("srt"),
        request.queryParameter("sp"),
        request.queryParameter("st"),
        request.queryParameter("se"),
        request.queryParameter("sip"),
        request.queryParameter("spr"),
        request.queryParameter("ses"),
        request.queryParameter("tn"),
        request.queryParameter("spk"),
        request.queryParameter("srk"),
        request.queryParameter("epk"),
        request.queryParameter("erk"),
        request.queryParameter("si"),
        request.queryParameter("sig"));
  }

  /**
   * Whether a request carries a shared access signature the SAS strategies should read: a {@code
   * sig} in the query and no {@code Authorization} header (which, when present, decides).
   */
  public static boolean carriesSignature(ServiceRequest request) {
    return request.queryParameter("sig") != null && request.header("Authorization") == null;
  }

  /** Whether a request's signature is an account SAS: it names services or resource types. */
  public static boolean isAccountSas(ServiceRequest request) {
    return request.queryParameter("ss") != null || request.queryParameter("srt") != null;
  }

  /** A value for a string to sign: the field as received, or empty when absent. */
  static String signed(String field) {
    return field == null ? "" : field;
  }

  /** Whether a field has a value; an empty {@code sp=} or {@code se=} counts as absent. */
  static boolean given(String field) {
    return field != null && !field.isEmpty();
  }
}
