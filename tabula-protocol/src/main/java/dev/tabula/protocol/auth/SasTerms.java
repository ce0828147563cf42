package dev.tabula.protocol.auth;

import dev.tabula.model.AccessPolicy;
import dev.tabula.model.TableErrorCode;
import java.time.Instant;

/**
 * The validity window and permissions a signature grants, from its own fields and, for a service
 * SAS naming one, its table's stored access policy. "Together the Shared Access Signature and the
 * stored access policy must include all fields required to authorize the signature. If any required
 * fields are missing, the request will fail. Likewise, if a field is specified both in the Shared
 * Access Signature URL and in the stored access policy, the request will fail with status code 400
 * (Bad Request)" (learn.microsoft.com "Set Table ACL"). The code of that 400 is not documented; we
 * send InvalidQueryParameterValue. A missing field fails as the service's does, 403
 * AuthenticationFailed "sp is mandatory. Cannot be empty".
 *
 * @param start when the signature becomes valid, or null for "now" (the start is optional)
 * @param expiry when it stops being valid
 * @param permissions the permission letters
 */
record SasTerms(Instant start, Instant expiry, String permissions) {

  /**
   * The terms of a signature.
   *
   * @param policy the stored access policy the signature names, or null
   */
  static SasTerms of(SasParameters sas, AccessPolicy policy) {
    String permissions =
        pick("sp", sas.permissions(), policy == null ? null : emptyAsNull(policy.permission()));
    if (permissions == null) {
      throw AuthenticationErrors.authenticationFailed("sp is mandatory. Cannot be empty");
    }
    Instant start = time("st", sas.start(), policy == null ? null : policy.start());
    Instant expiry = time("se", sas.expiry(), policy == null ? null : policy.expiry());
    if (expiry == null) {
      throw AuthenticationErrors.authenticationFailed("se is mandatory. Cannot be empty");
    }
    return new SasTerms(start, expiry, permissions);
  }

  /**
   * Refuses a signature outside its window, with the service's details: "Signed expiry time [...]
   * has to be after signed start time [...]" and "Signature not valid in the specified time frame:
   * Start [...] - Expiry [...] - Current [...]" (real-service answers quoted in
   * microsoft/AzureStorageExplorer issues #6198 and #3219).
   */
  void checkWindow(Instant now) {
    if (start != null && !expiry.isAfter(start)) {
      throw AuthenticationErrors.authenticationFailed(
          "Signed expiry time ["
              + SignedTimes.httpDate(expiry)
              + "] has to be after signed start time ["
              + SignedTimes.httpDate(start)
              + "]");
    }
    if (start != null && now.isBefore(start) || !now.isBefore(expiry)) {
      throw AuthenticationErrors.authenticationFailed(
          "Signature not valid in the specified time frame: Start ["
              + (start == null ? "" : SignedTimes.httpDate(start))
              + "] - Expiry ["
              + SignedTimes.httpDate(expiry)
              + "] - Current ["
              + SignedTimes.httpDate(now)
              + "]");
    }
  }

  private static Instant time(String field, String signed, Instant fromPolicy) {
    String text = pick(field, signed, fromPolicy == null ? null : "policy");
    if (text == null) {
      return null;
    }
    if (!SasParameters.given(signed)) {
      return fromPolicy;
    }
    Instant parsed = SignedTimes.parse(signed);
    if (parsed == null) {
      throw AuthenticationErrors.authenticationFailed(
          "The " + field + " '" + signed + "' is not an ISO 8601 UTC time.");
    }
    return parsed;
  }

  /** The signature's value or the policy's; 400 when both have one. */
  private static String pick(String field, String signed, String fromPolicy) {
    boolean inSignature = SasParameters.given(signed);
    if (inSignature && fromPolicy != null) {
      throw TableErrorCode.INVALID_QUERY_PARAMETER_VALUE.exception(
          "The signature field '" + field + "' is also set by the stored access policy.");
    }
    return inSignature ? signed : fromPolicy;
  }

  private static String emptyAsNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
