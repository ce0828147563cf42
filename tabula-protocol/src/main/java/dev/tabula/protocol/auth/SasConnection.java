package dev.tabula.protocol.auth;

import dev.tabula.model.TableErrorCode;
import java.net.InetAddress;

/**
 * The connection terms of a shared access signature: the client addresses it allows ({@code sip})
 * and whether it allows plain HTTP ({@code spr}: {@code https} or {@code https,http}, the default;
 * "HTTP only is not a permitted value", learn.microsoft.com "Create a service SAS"). Immutable.
 *
 * @param ipRange the allowed client addresses, or null for any
 * @param httpsOnly whether only HTTPS is allowed
 */
record SasConnection(SasIpRange ipRange, boolean httpsOnly) {

  /**
   * The terms a signature's {@code sip} and {@code spr} state.
   *
   * @throws dev.tabula.model.TableException 403 AuthenticationFailed when either is malformed
   */
  static SasConnection of(SasParameters sas) {
    SasIpRange ip = null;
    if (SasParameters.given(sas.ip())) {
      ip = SasIpRange.parse(sas.ip());
      if (ip == null) {
        throw AuthenticationErrors.authenticationFailed(
            "The signed IP '" + sas.ip() + "' is not an IP address or range.");
      }
    }
    String protocol = sas.protocol();
    if (!SasParameters.given(protocol) || protocol.equals("https,http")) {
      return new SasConnection(ip, false);
    }
    if (protocol.equals("https")) {
      return new SasConnection(ip, true);
    }
    throw AuthenticationErrors.authenticationFailed(
        "The signed protocol '" + protocol + "' is neither 'https' nor 'https,http'.");
  }

  /**
   * Refuses a client outside the range (403 AuthorizationSourceIPMismatch, which quotes the source
   * IP as the service does), then plain HTTP when only HTTPS is allowed (403
   * AuthorizationProtocolMismatch). The source IP goes first, as in Azurite's SAS authenticators.
   */
  void check(String scheme, InetAddress client) {
    if (ipRange != null && !ipRange.contains(client)) {
      TableErrorCode code = TableErrorCode.AUTHORIZATION_SOURCE_IP_MISMATCH;
      String source = client == null ? "unknown" : client.getHostAddress();
      throw code.exception(
          "This request is not authorized to perform this operation using this source IP "
              + source
              + ".");
    }
    if (httpsOnly && !"https".equals(scheme)) {
      throw TableErrorCode.AUTHORIZATION_PROTOCOL_MISMATCH.exception();
    }
  }
}
