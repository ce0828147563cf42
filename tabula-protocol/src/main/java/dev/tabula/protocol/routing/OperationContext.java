package dev.tabula.protocol.routing;

import dev.tabula.protocol.auth.AccessGrant;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A request on its way to an operation.
 *
 * @param request the HTTP request
 * @param operation what it asks for: its resource, effective method and route
 * @param requestId the id sent back in {@code x-ms-request-id} and in error messages
 * @param access what the request's credentials grant; operations check the keys they read from a
 *     body against it and restrict queries to its keys
 * @param finishOn where an {@link AsyncOperation} finishes once its engine work completes (the
 *     connection's event loop, or the calling thread itself), so that building the response never
 *     runs on the engine's own threads
 * @param touched where the operation says which partition it touched, when its URL does not name it
 *     (an insert, a batch, a query of one partition)
 */
public record OperationContext(
    ServiceRequest request,
    RequestOperation operation,
    String requestId,
    AccessGrant access,
    Executor finishOn,
    TouchedPartition touched) {

  public OperationContext {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(access, "access");
    Objects.requireNonNull(finishOn, "finishOn");
    Objects.requireNonNull(touched, "touched");
  }

  /** What the request's URL names. */
  public Resource resource() {
    return operation.resource();
  }

  /** The effective method: PATCH and {@code POST} with {@code X-HTTP-Method} resolved. */
  public String method() {
    return operation.method();
  }

  /** The same request, finishing on {@code executor} instead. */
  public OperationContext finishingOn(Executor executor) {
    return new OperationContext(request, operation, requestId, access, executor, touched);
  }

  /**
   * Says that this request touched {@code partitionKey} of {@code table} (see {@link #touched}).
   */
  public void touchedPartition(String table, String partitionKey) {
    touched.touched(table, partitionKey);
  }

  /** {@code stage}'s outcome, handed to {@link #finishOn} whichever thread completes it. */
  public <T> CompletableFuture<T> finishing(CompletableFuture<T> stage) {
    return stage.whenCompleteAsync((value, failure) -> {}, finishOn);
  }
}
