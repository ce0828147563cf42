package dev.tabula.protocol.routing;

import dev.tabula.model.TableErrorCode;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * A table from (resource kind, effective method) to an operation: routing is data, not an if/else
 * chain. A resource that exists but does not take the method answers 405 UnsupportedHttpVerb.
 */
public final class Router {
  private final Map<ResourceKind, Map<String, Operation>> routes = new EnumMap<>(ResourceKind.class);

  /** Adds a route; returns this router. */
  public Router route(ResourceKind kind, String method, Operation operation) {
    routes.computeIfAbsent(kind, k -> new HashMap<>()).put(method, operation);
    return this;
  }

  /** The operation for this resource and method. */
  public Operation find(ResourceKind kind, String method) {
    Map<String, Operation> byMethod = routes.get(kind);
    if (byMethod == null) {
      throw TableErrorCode.NOT_IMPLEMENTED.exception();
    }
    Operation operation = byMethod.get(method);
    if (operation == null) {
      throw TableErrorCode.UNSUPPORTED_HTTP_VERB.exception();
    }
    return operation;
  }
}
