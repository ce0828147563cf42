package dev.tabula.protocol.routing;

import dev.tabula.protocol.http.ServiceResponse;

/** One service operation: turns an authenticated, routed request into a response. */
@FunctionalInterface
public interface Operation {

  /**
   * Handles the request. Client mistakes are thrown as {@link dev.tabula.model.TableException}; the
   * caller renders them.
   */
  ServiceResponse handle(OperationContext context);
}
