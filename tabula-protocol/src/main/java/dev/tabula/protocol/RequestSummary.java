package dev.tabula.protocol;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a request is, in the words of an access log line or a metric's labels.
 *
 * @param account the account the URL names, or empty when it could not be read
 * @param operation the operation's name as the service's request logs name it ({@code
 *     InsertEntity}, ...), or {@link #PREFLIGHT}, {@link #UNREADABLE}, {@link #UNSUPPORTED_METHOD}
 * @param table the table the URL names, or the one an entity group transaction's operations name,
 *     or null
 * @param partitionKey the PartitionKey the URL names (an entity's URL), or the one the operation
 *     touched (an insert's body, an entity group transaction's operations, a query's filter when it
 *     reads one partition alone), or null
 */
public record RequestSummary(
    String account, String operation, @Nullable String table, @Nullable String partitionKey) {

  /** A CORS preflight request ({@code OPTIONS}). */
  public static final String PREFLIGHT = "Preflight";

  /** A request whose URL or method could not be read; it is answered with that error. */
  public static final String UNREADABLE = "Unreadable";

  /** A resource that does not take the method (answered 405 UnsupportedHttpVerb). */
  public static final String UNSUPPORTED_METHOD = "UnsupportedMethod";

  public RequestSummary {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(operation, "operation");
  }
}
