package dev.tabula.protocol.batch;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One operation of a batch: the HTTP request written inside an {@code application/http} part.
 * Immutable.
 *
 * @param method the request line's method, upper case ({@code MERGE} and {@code PATCH} included)
 * @param target the request line's target: an absolute URL (.NET, Python, JavaScript and current
 *     Java SDKs) or a path with its query (Java SDK before 12.3)
 * @param headers the request's own headers, names case-insensitive
 * @param partHeaders the MIME headers of the part that carried it (Python puts {@code Content-ID}
 *     there)
 * @param body the request body; empty when there is none
 */
record SubRequest(
    String method,
    String target,
    Map<String, List<String>> headers,
    Map<String, List<String>> partHeaders,
    byte[] body) {

  SubRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(target, "target");
  }

  /** The first value of one of the request's own headers, or null. */
  String header(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /**
   * This operation as a request the protocol's parsers understand. An absolute target supplies the
   * Host (as in HTTP/1.1, the URL wins over a Host header); a path keeps the operation's own Host
   * or, failing that, the batch request's.
   *
   * @throws dev.tabula.model.TableException 400 InvalidUri when the target is neither form
   */
  ServiceRequest toServiceRequest(String batchHost) {
    Map<String, List<String>> merged = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    merged.putAll(headers);
    String uri;
    String lower = target.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      int authorityStart = target.indexOf("://") + 3;
      int slash = target.indexOf('/', authorityStart);
      String authority = target.substring(authorityStart, slash < 0 ? target.length() : slash);
      int at = authority.lastIndexOf('@');
      merged.put("Host", List.of(at < 0 ? authority : authority.substring(at + 1)));
      uri = slash < 0 ? "/" : target.substring(slash);
    } else if (target.startsWith("/")) {
      if (!merged.containsKey("Host") && batchHost != null) {
        merged.put("Host", List.of(batchHost));
      }
      uri = target;
    } else {
      throw TableErrorCode.INVALID_URI.exception();
    }
    return new ServiceRequest(method, uri, copy(merged), body);
  }

  private static Map<String, List<String>> copy(Map<String, List<String>> headers) {
    Map<String, List<String>> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
    return out;
  }
}
