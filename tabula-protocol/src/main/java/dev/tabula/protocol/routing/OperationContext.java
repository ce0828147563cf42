package dev.tabula.protocol.routing;

import dev.tabula.protocol.http.ServiceRequest;

/**
 * A request on its way to an operation.
 *
 * @param request the HTTP request
 * @param resource what its URL names
 * @param method the effective method: PATCH and {@code POST} with {@code X-HTTP-Method} resolved
 * @param requestId the id sent back in {@code x-ms-request-id} and in error messages
 */
public record OperationContext(
    ServiceRequest request, Resource resource, String method, String requestId) {}
