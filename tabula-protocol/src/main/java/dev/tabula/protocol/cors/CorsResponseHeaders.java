package dev.tabula.protocol.cors;

import dev.tabula.core.properties.CorsRule;
import dev.tabula.core.properties.ServiceProperties;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Adds the CORS headers to the response of an actual (non-preflight) request, successful or not,
 * following the table in "CORS support for the Azure Storage services", "Understanding how the Vary
 * header is set":
 *
 * <ul>
 *   <li>No rules set: nothing.
 *   <li>The first rule whose origins and methods match allows every origin: {@code
 *       Access-Control-Allow-Origin: *} and {@code Access-Control-Expose-Headers}, no {@code Vary}.
 *       For GET and HEAD this holds even without an {@code Origin} header, as the table says.
 *   <li>It lists the origin exactly: the origin echoed, {@code Access-Control-Allow-Credentials:
 *       true} (as Azurite sends it), the exposed headers, and for GET/HEAD {@code Vary: Origin}.
 *   <li>No rule matches: only {@code Vary: Origin}, and only for GET/HEAD ("for requests using
 *       methods other than GET/HEAD, the storage services will not set the Vary header").
 * </ul>
 *
 * <p>{@code Access-Control-Expose-Headers} lists the response's own headers that a rule entry names
 * or prefixes, then the rule's literal entries not already listed, as Azurite computes it.
 */
final class CorsResponseHeaders {
  private CorsResponseHeaders() {}

  static void apply(
      ServiceRequest request, ServiceProperties properties, ServiceResponse response) {
    if (!properties.corsEnabled()) {
      return;
    }
    String origin = request.header("Origin");
    String method = request.method();
    boolean cacheable = method.equals("GET") || method.equals("HEAD");
    if (origin == null && !cacheable) {
      return;
    }
    Optional<CorsRule> match =
        properties.cors().stream()
            .filter(rule -> rule.allowsOrigin(origin) && rule.allowsMethod(method))
            .findFirst();
    if (match.isEmpty()) {
      if (cacheable) {
        response.header("Vary", "Origin");
      }
      return;
    }
    CorsRule rule = match.get();
    response.header("Access-Control-Expose-Headers", exposed(rule, response));
    if (rule.allowsAnyOrigin()) {
      response.header("Access-Control-Allow-Origin", "*");
      return;
    }
    // A rule for named origins matches only a request that names one.
    response.header("Access-Control-Allow-Origin", Objects.requireNonNull(origin));
    response.header("Access-Control-Allow-Credentials", "true");
    if (cacheable) {
      response.header("Vary", "Origin");
    }
  }

  private static String exposed(CorsRule rule, ServiceResponse response) {
    List<String> present = new ArrayList<>(response.headers().keySet());
    present.add("Content-Length");
    Set<String> listed = new LinkedHashSet<>();
    present.stream().filter(rule::exposes).forEach(listed::add);
    for (String entry : CorsRule.entries(rule.exposedHeaders())) {
      boolean already = listed.stream().anyMatch(h -> h.equalsIgnoreCase(entry));
      if (!entry.endsWith("*") && !already) {
        listed.add(entry);
      }
    }
    return String.join(",", listed);
  }
}
