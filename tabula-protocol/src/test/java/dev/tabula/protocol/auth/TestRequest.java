package dev.tabula.protocol.auth;

import dev.tabula.protocol.http.ServiceRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds a {@link ServiceRequest} the way a transport would hand it over. */
final class TestRequest {
  private final String method;
  private final String uri;
  private final Map<String, List<String>> headers = new LinkedHashMap<>();

  private TestRequest(String method, String uri) {
    this.method = method;
    this.uri = uri;
  }

  static TestRequest of(String method, String uri) {
    return new TestRequest(method, uri);
  }

  /** Adds a value to a header (a second call with the same name repeats the header). */
  TestRequest header(String name, String value) {
    headers.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    return this;
  }

  ServiceRequest build() {
    return new ServiceRequest(method, uri, headers, new byte[0]);
  }
}
