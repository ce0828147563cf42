package dev.tabula.server.telemetry;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One request and its answer, as an access log line or a metric sees them, handed over once the
 * answer has been written (the whole of it, for a streamed answer) or has failed.
 *
 * @param startedAtMillis when the request had arrived whole, in milliseconds since the epoch
 * @param durationNanos from then until the answer was written
 * @param method the HTTP method as sent
 * @param account the account the URL names, or empty when it could not be read
 * @param operation the operation's name ({@code InsertEntity}, ...), see {@link
 *     dev.tabula.protocol.RequestSummary}; {@link #REFUSED} for a request refused before it was
 *     read whole (a head the decoder could not read, a body over the limit, a connection over the
 *     limit)
 * @param table the table the URL names, or null
 * @param partitionKey the PartitionKey the request names, or null when it names none
 * @param status the HTTP status answered
 * @param errorCode the service's error code ({@code x-ms-error-code}), or null for a success
 * @param bytesIn the request body's length
 * @param bytesOut the answer body's length as written (a streamed answer's, as far as it got)
 * @param requestId the {@code x-ms-request-id} answered, or empty when there was none
 * @param client the client's address, or null when unknown
 * @param completed false when the connection failed before the whole answer was written
 */
public record AnsweredRequest(
    long startedAtMillis,
    long durationNanos,
    String method,
    String account,
    String operation,
    @Nullable String table,
    @Nullable String partitionKey,
    int status,
    @Nullable String errorCode,
    long bytesIn,
    long bytesOut,
    String requestId,
    @Nullable String client,
    boolean completed) {

  /** The operation of a request refused before it was read whole. */
  public static final String REFUSED = "Refused";

  public AnsweredRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(requestId, "requestId");
  }
}
