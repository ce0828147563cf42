package dev.tabula.protocol.http;

import java.net.InetAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An HTTP request as the protocol layer sees it, independent of the transport: method, the path and
 * query exactly as received (still percent-encoded), headers (names case-insensitive), the whole
 * body, and the address of the client when the transport knows it (shared access signatures may
 * restrict it).
 */
public final class ServiceRequest {
  private final String method;
  private final String rawPath;
  private final String rawQuery;
  private final Map<String, List<String>> headers;
  private final Map<String, String> queryParameters;
  private final byte[] body;
  private final InetAddress remoteAddress;

  /**
   * @param method the HTTP method, upper case
   * @param uri the request target: path plus optional {@code ?query}, percent-encoded
   * @param headers header name to values, in any case
   * @param body the request body, empty when there is none
   */
  public ServiceRequest(String method, String uri, Map<String, List<String>> headers, byte[] body) {
    this(method, uri, headers, body, null);
  }

  /**
   * A request from a known client address.
   *
   * @param remoteAddress the address of the connection's peer, or null when unknown
   */
  public ServiceRequest(
      String method,
      String uri,
      Map<String, List<String>> headers,
      byte[] body,
      InetAddress remoteAddress) {
    this(method, uri, byName(headers), body, remoteAddress);
  }

  /**
   * A request whose headers are given line by line, as a transport reads them (a name may come
   * more than once).
   */
  public static ServiceRequest fromHeaderLines(
      String method,
      String uri,
      Iterable<Map.Entry<String, String>> headerLines,
      byte[] body,
      InetAddress remoteAddress) {
    TreeMap<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (Map.Entry<String, String> line : headerLines) {
      byName.computeIfAbsent(line.getKey(), x -> new ArrayList<>(1)).add(line.getValue());
    }
    return new ServiceRequest(method, uri, byName, body, remoteAddress);
  }

  private ServiceRequest(
      String method,
      String uri,
      TreeMap<String, List<String>> headersByName,
      byte[] body,
      InetAddress remoteAddress) {
    this.remoteAddress = remoteAddress;
    this.method = Objects.requireNonNull(method, "method").toUpperCase(Locale.ROOT);
    int q = uri.indexOf('?');
    this.rawPath = q < 0 ? uri : uri.substring(0, q);
    this.rawQuery = q < 0 ? "" : uri.substring(q + 1);
    this.headers = Collections.unmodifiableMap(headersByName);
    this.queryParameters = parseQuery(rawQuery);
    this.body = body;
  }

  private static TreeMap<String, List<String>> byName(Map<String, List<String>> headers) {
    TreeMap<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach((k, v) -> byName.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
    return byName;
  }

  private static Map<String, String> parseQuery(String rawQuery) {
    Map<String, String> params = new LinkedHashMap<>();
    if (rawQuery.isEmpty()) {
      return params;
    }
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      params.putIfAbsent(name, value);
    }
    return Collections.unmodifiableMap(params);
  }

  /** Percent-decodes a URL component; {@code +} stays a plus, as in a path. */
  public static String decode(String component) {
    if (component.indexOf('%') < 0) {
      return component; // nothing escaped, and a plus stays a plus: the same text, not copied
    }
    return URLDecoder.decode(component.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  /** The HTTP method, upper case. */
  public String method() {
    return method;
  }

  /** The path as received, still percent-encoded. */
  public String rawPath() {
    return rawPath;
  }

  /** The query string as received, without the {@code ?}; empty when there is none. */
  public String rawQuery() {
    return rawQuery;
  }

  /** Decoded query parameters; the first value wins when a name repeats. */
  public Map<String, String> queryParameters() {
    return queryParameters;
  }

  /** One decoded query parameter, or null. */
  public String queryParameter(String name) {
    return queryParameters.get(name);
  }

  /** The first value of a header, or null. */
  public String header(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /** Every value of a header, in order; empty when absent. */
  public List<String> headers(String name) {
    return headers.getOrDefault(name, List.of());
  }

  /** All headers, names compared case-insensitively. */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /** The address of the client that sent the request, or null when the transport did not say. */
  public InetAddress remoteAddress() {
    return remoteAddress;
  }

  /** The body; empty when there is none. Callers must not modify it. */
  public byte[] body() {
    return body;
  }
}
