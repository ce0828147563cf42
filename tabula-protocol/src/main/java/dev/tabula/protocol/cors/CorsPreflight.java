package dev.tabula.protocol.cors;

import dev.tabula.core.properties.CorsRule;
import dev.tabula.core.properties.ServiceProperties;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.List;

/**
 * Answers a preflight request ({@code OPTIONS} on any path of the account), learn.microsoft.com
 * "Preflight Table Request": anonymous, evaluated against the service's CORS rules whatever the
 * path names.
 *
 * <ul>
 *   <li>No {@code Origin} or no {@code Access-Control-Request-Method}: 400 InvalidHeaderValue "A
 *       required CORS header is not present." (the code and text Azurite uses).
 *   <li>The first rule, in the order set, whose origins and methods match is selected and no other
 *       is tried; if the requested headers are not all allowed by it, the preflight fails ("the
 *       third request matches the second rule in its origin domain and method, so no further rules
 *       are evaluated"). Azurite tries the next rule instead; we follow the document.
 *   <li>No rule, or a failed header check: 403 CorsPreflightFailure.
 *   <li>Success: 200 with {@code Access-Control-Allow-Origin} set to the request's origin, {@code
 *       -Allow-Methods} to the requested method, {@code -Allow-Headers} to the requested headers
 *       (when any), {@code -Max-Age} from the rule and {@code -Allow-Credentials: true} ("always
 *       set to true").
 * </ul>
 */
final class CorsPreflight {
  private CorsPreflight() {}

  static ServiceResponse answer(ServiceRequest request, ServiceProperties properties) {
    String origin = request.header("Origin");
    String method = request.header("Access-Control-Request-Method");
    if (origin == null || method == null) {
      throw TableErrorCode.INVALID_HEADER_VALUE.exception("A required CORS header is not present.");
    }
    String requestedHeaders = request.header("Access-Control-Request-Headers");
    List<String> headers =
        requestedHeaders == null ? List.of() : CorsRule.entries(requestedHeaders);
    CorsRule rule =
        properties.cors().stream()
            .filter(r -> r.allowsOrigin(origin) && r.allowsMethod(method))
            .findFirst()
            .orElseThrow(TableErrorCode.CORS_PREFLIGHT_FAILURE::exception);
    if (!rule.allowsHeaders(headers)) {
      throw TableErrorCode.CORS_PREFLIGHT_FAILURE.exception();
    }
    ServiceResponse response =
        new ServiceResponse(200)
            .header("Access-Control-Allow-Origin", origin)
            .header("Access-Control-Allow-Methods", method);
    if (requestedHeaders != null) {
      response.header("Access-Control-Allow-Headers", requestedHeaders);
    }
    return response
        .header("Access-Control-Max-Age", Integer.toString(rule.maxAgeInSeconds()))
        .header("Access-Control-Allow-Credentials", "true");
  }
}
