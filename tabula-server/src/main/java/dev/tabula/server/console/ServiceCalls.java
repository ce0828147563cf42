package dev.tabula.server.console;

import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The requests the console makes of its own {@link TableProtocol} (an export's pages, an import's
 * transactions), as a client sends them over HTTP, with the service version every current SDK
 * sends; and the headers of the answers, by name in any case.
 */
final class ServiceCalls {
  /** The {@code x-ms-version} of the console's own requests, and of forwarded ones without it. */
  static final String VERSION = "2019-02-02";

  private ServiceCalls() {}

  /**
   * The protocol's answer to {@code method} on {@code uri} (path-style: {@code /account/...}) with
   * {@code accept} and {@code body} (its type in {@code contentType}, or null for none).
   */
  static ServiceResponse call(
      TableProtocol protocol,
      String method,
      String uri,
      String accept,
      @Nullable String contentType,
      byte[] body) {
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("Host", List.of("localhost"));
    headers.put("Accept", List.of(accept));
    headers.put("x-ms-version", List.of(VERSION));
    if (contentType != null) {
      headers.put("Content-Type", List.of(contentType));
    }
    return protocol.handle(new ServiceRequest(method, uri, headers, body), "http");
  }

  /** The value of the answer's header {@code name} (any case), or null. */
  static @Nullable String header(ServiceResponse response, String name) {
    for (Map.Entry<String, String> header : response.headers().entrySet()) {
      if (header.getKey().equalsIgnoreCase(name)) {
        return header.getValue();
      }
    }
    return null;
  }
}
