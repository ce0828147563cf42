package dev.tabula.protocol.cors;

import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.model.Attempt;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.function.UnaryOperator;

/**
 * CORS for the whole protocol, over the accounts' service properties: {@link #preflight} answers
 * {@code OPTIONS}, {@link #decorate} adds the headers to every other response. Thread-safe.
 */
public final class Cors {
  private final ServicePropertiesService properties;

  public Cors(ServicePropertiesService properties) {
    this.properties = properties;
  }

  /** Whether the request is a preflight request, which skips version check and authentication. */
  public static boolean isPreflight(ServiceRequest request) {
    return request.method().equals("OPTIONS");
  }

  /**
   * Whether {@link #decorate} may add anything: a request with an {@code Origin}, or a GET or HEAD
   * (which get {@code Vary: Origin} once rules exist). Lets callers skip finding the account.
   */
  public static boolean mayDecorate(ServiceRequest request) {
    String method = request.method();
    return !isPreflight(request)
        && (request.header("Origin") != null || method.equals("GET") || method.equals("HEAD"));
  }

  /**
   * The answer to a preflight request for {@code account}.
   *
   * @throws dev.tabula.model.TableException 400 InvalidHeaderValue or 403 CorsPreflightFailure
   */
  public ServiceResponse preflight(ServiceRequest request, String account) {
    return CorsPreflight.answer(request, properties.get(account));
  }

  /**
   * What {@link #decorate} does for this request, as a step that never waits, or would-wait when
   * the account's rules are not in memory yet (the first {@link #decorate} or preflight of an
   * account reads them).
   *
   * @param account the account the request addressed, or null when it named none (no headers)
   */
  public Attempt<UnaryOperator<ServiceResponse>> tryDecorator(
      ServiceRequest request, String account) {
    if (account == null || !mayDecorate(request)) {
      return Attempt.answered(UnaryOperator.identity());
    }
    return properties
        .tryGet(account)
        .map(
            rules ->
                response -> {
                  CorsResponseHeaders.apply(request, rules, response);
                  return response;
                });
  }

  /**
   * Adds the CORS headers the account's rules call for to the response of a non-preflight request;
   * returns {@code response}.
   *
   * @param account the account the request addressed, or null when it named none (no headers)
   */
  public ServiceResponse decorate(
      ServiceRequest request, String account, ServiceResponse response) {
    if (account != null && mayDecorate(request)) {
      CorsResponseHeaders.apply(request, properties.get(account), response);
    }
    return response;
  }
}
