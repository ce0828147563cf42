package dev.tabula.server;

import dev.tabula.protocol.ClassifiedRequest;
import dev.tabula.protocol.RequestSummary;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.server.telemetry.AnsweredRequest;
import java.net.InetAddress;
import org.jspecify.annotations.Nullable;

/**
 * A request read whole, on its way to its answer: whether its connection stays open after the
 * answer, whether the answer may be chunked (HTTP/1.0 clients do not know chunked transfer
 * encoding), when it arrived, and, once it is started, its classification, so that the answer can
 * be reported ({@link #answered}) in the request's own words.
 */
final class Exchange {
  private final ServiceRequest request;
  private final boolean keepAlive;
  private final boolean chunks;
  private final long arrivedNanos = System.nanoTime();
  private final long arrivedMillis = System.currentTimeMillis();
  private @Nullable ClassifiedRequest classified;

  Exchange(ServiceRequest request, boolean keepAlive, boolean chunks) {
    this.request = request;
    this.keepAlive = keepAlive;
    this.chunks = chunks;
  }

  ServiceRequest request() {
    return request;
  }

  boolean keepAlive() {
    return keepAlive;
  }

  boolean chunks() {
    return chunks;
  }

  /** Remembers how the request was classified when it was started. */
  void classified(ClassifiedRequest classification) {
    this.classified = classification;
  }

  /**
   * The report of this request answered with {@code response}, of which {@code bytesOut} body bytes
   * were written ({@code completed} false when the connection failed before the end).
   */
  AnsweredRequest answered(ServiceResponse response, long bytesOut, boolean completed) {
    RequestSummary summary =
        classified == null
            ? new RequestSummary("", RequestSummary.UNREADABLE, null, null)
            : classified.summary();
    InetAddress peer = request.remoteAddress();
    return new AnsweredRequest(
        arrivedMillis,
        System.nanoTime() - arrivedNanos,
        request.method(),
        summary.account(),
        summary.operation(),
        summary.table(),
        summary.partitionKey(),
        response.status(),
        response.headers().get("x-ms-error-code"),
        request.body().length,
        bytesOut,
        classified == null ? "" : classified.requestId(),
        peer == null ? null : peer.getHostAddress(),
        completed);
  }

  /** The report of a request refused before it was read whole, answered with {@code response}. */
  static AnsweredRequest refused(
      ServiceResponse response, @Nullable InetAddress peer, boolean completed) {
    String requestId = response.headers().get("x-ms-request-id");
    return new AnsweredRequest(
        System.currentTimeMillis(),
        0,
        "",
        "",
        AnsweredRequest.REFUSED,
        null,
        null,
        response.status(),
        response.headers().get("x-ms-error-code"),
        0,
        response.body().length,
        requestId == null ? "" : requestId,
        peer == null ? null : peer.getHostAddress(),
        completed);
  }
}
