package dev.tabula.protocol;

import dev.tabula.model.EntityKey;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.RequestOperation;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.protocol.routing.Route;
import dev.tabula.protocol.routing.TouchedPartition;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A request as {@link TableProtocol#classify} read it, carried from the network thread that read it
 * to whichever thread answers it, so that nothing is decided twice: a preflight, a request whose
 * URL or method could not be read (answered with that error), or the {@link RequestOperation} it
 * asks for. A request the network thread admitted (version, credentials, authorization) before the
 * engine said it would have to wait also carries its admission, and the worker goes on from there.
 *
 * <p>Handed from one thread to the next through an executor, which orders the admission's write
 * before the worker's read; never shared by two threads at once.
 */
public final class ClassifiedRequest {
  private final ServiceRequest request;
  private final String scheme;
  private final String requestId;
  private final @Nullable RequestOperation operation;
  private final @Nullable RuntimeException failure;
  private @Nullable OperationContext admitted;
  private final TouchedPartition touched = new TouchedPartition();

  private ClassifiedRequest(
      ServiceRequest request,
      String scheme,
      String requestId,
      @Nullable RequestOperation operation,
      @Nullable RuntimeException failure) {
    this.request = Objects.requireNonNull(request, "request");
    this.scheme = Objects.requireNonNull(scheme, "scheme");
    this.requestId = Objects.requireNonNull(requestId, "requestId");
    this.operation = operation;
    this.failure = failure;
  }

  static ClassifiedRequest preflight(ServiceRequest request, String scheme, String requestId) {
    return new ClassifiedRequest(request, scheme, requestId, null, null);
  }

  static ClassifiedRequest of(
      ServiceRequest request, String scheme, String requestId, RequestOperation operation) {
    return new ClassifiedRequest(
        request, scheme, requestId, Objects.requireNonNull(operation, "operation"), null);
  }

  static ClassifiedRequest failed(
      ServiceRequest request, String scheme, String requestId, RuntimeException failure) {
    return new ClassifiedRequest(
        request, scheme, requestId, null, Objects.requireNonNull(failure, "failure"));
  }

  /** The request as received. */
  public ServiceRequest request() {
    return request;
  }

  String scheme() {
    return scheme;
  }

  /** The id this request is answered with ({@code x-ms-request-id}). */
  public String requestId() {
    return requestId;
  }

  /**
   * What access logs and metrics say about this request, read from its classification alone (so it
   * costs nothing more and never fails): the account, the operation's name, the table and the
   * partition its URL names, where it names them, else those its operation said it touched (an
   * insert's, a batch's, a query's of one partition: {@link TouchedPartition}).
   */
  public RequestSummary summary() {
    if (operation == null) {
      return new RequestSummary(
          "", failure == null ? RequestSummary.PREFLIGHT : RequestSummary.UNREADABLE, null, null);
    }
    Resource resource = operation.resource();
    String name =
        operation.routed().map(Route::operationName).orElse(RequestSummary.UNSUPPORTED_METHOD);
    EntityKey key = resource.key();
    if (key != null) {
      return new RequestSummary(resource.account(), name, resource.table(), key.partitionKey());
    }
    TouchedPartition.TablePartition told = touched.get();
    return told == null
        ? new RequestSummary(resource.account(), name, resource.table(), null)
        : new RequestSummary(resource.account(), name, told.table(), told.partitionKey());
  }

  /** Where the request's operation says which partition it touched. */
  TouchedPartition touched() {
    return touched;
  }

  /** Whether this is a CORS preflight request. */
  boolean isPreflight() {
    return operation == null && failure == null;
  }

  /** The operation asked for; null for a preflight or a request that could not be read. */
  @Nullable RequestOperation operation() {
    return operation;
  }

  /** Why the request could not be read, or null. */
  @Nullable RuntimeException failure() {
    return failure;
  }

  /** The admission a network thread made before the engine said it would wait, or null. */
  @Nullable OperationContext admitted() {
    return admitted;
  }

  void admitted(OperationContext context) {
    this.admitted = context;
  }
}
