package dev.tabula.protocol;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;

/**
 * The {@code x-ms-version} rule. Every SharedKey request must name a version (the versioning page:
 * "all non-SAS Table requests must send it"). A request with a shared access signature may leave it
 * out: its version is then the {@code api-version} parameter, else the signed {@code sv}
 * (learn.microsoft.com "Versioning for the Azure Storage services"). Any well-formed date version
 * is accepted, newer ones included: refusing versions the server does not know is the emulator
 * complaint users raise most, and the wire format has not changed since JSON arrived.
 */
final class ProtocolVersion {
  /** The version answered when the client sent none (the one every current SDK sends). */
  static final String DEFAULT = "2019-02-02";

  private ProtocolVersion() {}

  /** The request's version; 400 MissingRequiredHeader or InvalidHeaderValue when unusable. */
  static String check(ServiceRequest request) {
    String version = request.header("x-ms-version");
    if (version == null && request.queryParameter("sig") != null) {
      version = request.queryParameter("api-version");
      version = version != null ? version : request.queryParameter("sv");
    }
    if (version == null) {
      throw TableErrorCode.MISSING_REQUIRED_HEADER.exception(
          "An HTTP header that's mandatory for this request is not specified.");
    }
    String trimmed = version.trim();
    if (!isDate(trimmed) || trimmed.compareTo("2009-09-19") < 0) {
      throw TableErrorCode.INVALID_HEADER_VALUE.exception();
    }
    return trimmed;
  }

  /** Whether the text has the shape {@code yyyy-mm-dd} (ASCII digits; no range check). */
  static boolean isDate(String text) {
    if (text.length() != 10) {
      return false;
    }
    for (int i = 0; i < 10; i++) {
      char c = text.charAt(i);
      boolean ok = i == 4 || i == 7 ? c == '-' : c >= '0' && c <= '9';
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
