package dev.tabula.protocol.routing;

import dev.tabula.model.Attempt;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A table from {@link Route} to the operation that answers it, and to its form that never waits
 * where it has one: routing is data, not an if/else chain. A request whose resource does not take
 * its method answers 405 UnsupportedHttpVerb.
 */
public final class Router {
  private final Map<Route, AsyncOperation> operations = new EnumMap<>(Route.class);
  private final Map<Route, NoWaitOperation> withoutWaiting = new EnumMap<>(Route.class);

  /** Adds a route to an operation that answers before it returns; returns this router. */
  public Router route(Route route, Operation operation) {
    return routeAsync(
        route, context -> CompletableFuture.completedFuture(operation.handle(context)));
  }

  /** Adds a route to an operation that answers later; returns this router. */
  public Router routeAsync(Route route, AsyncOperation operation) {
    operations.put(route, operation);
    return this;
  }

  /**
   * Adds the form of a route's operation that answers before it returns, or says it would wait;
   * returns this router.
   */
  public Router withoutWaiting(Route route, NoWaitAnswer answer) {
    return withoutWaitingAsync(
        route, context -> answer.tryHandle(context).map(CompletableFuture::completedFuture));
  }

  /** Adds the form of a route's operation that never waits; returns this router. */
  public Router withoutWaitingAsync(Route route, NoWaitOperation operation) {
    withoutWaiting.put(route, operation);
    return this;
  }

  /** The operation for a classified request; 405 or 501 when there is none. */
  public AsyncOperation find(RequestOperation request) {
    Route route = request.routed().orElseThrow(TableErrorCode.UNSUPPORTED_HTTP_VERB::exception);
    AsyncOperation operation = operations.get(route);
    if (operation == null) {
      throw TableErrorCode.NOT_IMPLEMENTED.exception();
    }
    return operation;
  }

  /** The form of the request's operation that never waits, when it has one. */
  public Optional<NoWaitOperation> findWithoutWaiting(RequestOperation request) {
    return request.routed().map(withoutWaiting::get);
  }

  /** An operation that answers before it returns, or says it would wait. */
  @FunctionalInterface
  public interface NoWaitAnswer {
    /** Answers the request, or says it would wait before anything of it has happened. */
    Attempt<ServiceResponse> tryHandle(OperationContext context);
  }
}
