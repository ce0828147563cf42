package dev.tabula.protocol.routing;

import dev.tabula.model.TableErrorCode;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A table from (resource kind, effective method) to an operation: routing is data, not an if/else
 * chain. A resource that exists but does not take the method answers 405 UnsupportedHttpVerb.
 */
public final class Router {
  private final Map<ResourceKind, Map<String, AsyncOperation>> routes =
      new EnumMap<>(ResourceKind.class);

  /** Adds a route to an operation that answers before it returns; returns this router. */
  public Router route(ResourceKind kind, String method, Operation operation) {
    return routeAsync(
        kind, method, context -> CompletableFuture.completedFuture(operation.handle(context)));
  }

  /** Adds a route to an operation that answers later; returns this router. */
  public Router routeAsync(ResourceKind kind, String method, AsyncOperation operation) {
    routes.computeIfAbsent(kind, k -> new HashMap<>()).put(method, operation);
    return this;
  }

  /** The operation for this resource and method. */
  public AsyncOperation find(ResourceKind kind, String method) {
    Map<String, AsyncOperation> byMethod = routes.get(kind);
    if (byMethod == null) {
      throw TableErrorCode.NOT_IMPLEMENTED.exception();
    }
    AsyncOperation operation = byMethod.get(method);
    if (operation == null) {
      throw TableErrorCode.UNSUPPORTED_HTTP_VERB.exception();
    }
    return operation;
  }
}
