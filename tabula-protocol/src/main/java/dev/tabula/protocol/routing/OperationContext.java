package dev.tabula.protocol.routing;

import dev.tabula.protocol.auth.AccessGrant;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.Objects;

/**
 * A request on its way to an operation.
 *
 * @param request the HTTP request
 * @param resource what its URL names
 * @param method the effective method: PATCH and {@code POST} with {@code X-HTTP-Method} resolved
 * @param requestId the id sent back in {@code x-ms-request-id} and in error messages
 * @param access what the request's credentials grant; operations check the keys they read from a
 *     body against it and restrict queries to its keys
 */
public record OperationContext(
    ServiceRequest request, Resource resource, String method, String requestId, AccessGrant access) {

  public OperationContext {
    Objects.requireNonNull(access, "access");
  }

  /** A request of the account owner, whose access is unrestricted. */
  public OperationContext(ServiceRequest request, Resource resource, String method, String requestId) {
    this(request, resource, method, requestId, AccessGrant.OWNER);
  }
}
