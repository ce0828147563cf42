package dev.tabula.bench.load;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * A Query Entities continuation: the opaque {@code x-ms-continuation-NextPartitionKey} and {@code
 * NextRowKey} header values a page ends with, sent back as query parameters for the next page.
 *
 * @param nextPartitionKey the NextPartitionKey token
 * @param nextRowKey the NextRowKey token, or null when the server sent none
 */
public record Continuation(String nextPartitionKey, String nextRowKey) {

  /** The continuation of a raw response, or null when it is the last page. */
  public static Continuation of(HttpConnection.Response response) {
    String partition = response.header("x-ms-continuation-nextpartitionkey");
    if (partition == null) {
      return null;
    }
    return new Continuation(partition, response.header("x-ms-continuation-nextrowkey"));
  }

  /** The query parameters that resume at this continuation, percent-encoded. */
  public String queryParameters() {
    String query = "NextPartitionKey=" + encode(nextPartitionKey);
    return nextRowKey == null ? query : query + "&NextRowKey=" + encode(nextRowKey);
  }

  /** Percent-encodes a query parameter value, spaces as {@code %20} as the SDKs send them. */
  public static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
