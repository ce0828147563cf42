package dev.tabula.protocol;

import dev.tabula.protocol.auth.AccessGrant;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.routing.RequestOperation;

/**
 * Refuses, before any operation runs, what a request's credentials do not grant: first the
 * connection (client address, protocol), then the operation on the table and the entity its URL
 * names. Keys that only the body names (inserts, batches) and queries are the operations' to check
 * against {@link dev.tabula.protocol.routing.OperationContext#access()}.
 */
final class RequestAuthorization {
  private RequestAuthorization() {}

  /**
   * @param scheme {@code http} or {@code https}
   */
  static void check(
      AccessGrant access, RequestOperation operation, ServiceRequest request, String scheme) {
    access.checkConnection(scheme, request.remoteAddress());
    operation
        .authorized()
        .ifPresent(
            named ->
                access.authorize(named, operation.resource().table(), operation.resource().key()));
  }
}
