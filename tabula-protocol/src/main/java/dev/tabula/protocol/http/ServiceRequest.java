package dev.tabula.protocol.http;

import dev.tabula.model.TableErrorCode;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

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

  /**
   * The header lines as received: names at even indexes, each followed by its value. A request has
   * a dozen or so, so a lookup scans them (most names differ in length and are passed over at
   * once), which costs less than building and searching a case-insensitive map per request. The
   * transport's header limit (64 KiB) bounds what a scan can cost.
   */
  private final String[] headerLines;

  private final Map<String, String> queryParameters;

  /** Query parameter names given more than once; empty for nearly every request. */
  private final Set<String> repeatedParameters;

  /** Whether the query string holds an escape that is not {@code %xx} of UTF-8. */
  private final boolean malformedQuery;

  private final byte[] body;
  private final @Nullable InetAddress remoteAddress;

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
      @Nullable InetAddress remoteAddress) {
    this(method, uri, lines(headers), body, remoteAddress);
  }

  /**
   * A request whose headers are given line by line, as a transport reads them (a name may come more
   * than once).
   */
  public static ServiceRequest fromHeaderLines(
      String method,
      String uri,
      Iterable<Map.Entry<String, String>> headerLines,
      byte[] body,
      @Nullable InetAddress remoteAddress) {
    List<String> lines = new ArrayList<>(32);
    for (Map.Entry<String, String> line : headerLines) {
      lines.add(line.getKey());
      lines.add(line.getValue());
    }
    return new ServiceRequest(method, uri, lines.toArray(String[]::new), body, remoteAddress);
  }

  private ServiceRequest(
      String method,
      String uri,
      String[] headerLines,
      byte[] body,
      @Nullable InetAddress remoteAddress) {
    this.remoteAddress = remoteAddress;
    this.method = Objects.requireNonNull(method, "method").toUpperCase(Locale.ROOT);
    String target = uri;
    String[] lines = headerLines;
    int authority = absoluteFormAuthority(uri);
    if (authority > 0) {
      // RFC 9112 3.2.2: a server accepts the absolute form (http://host/path), as the service's
      // HTTP.sys front end does, and its authority takes the place of the Host header.
      int end = authorityEnd(uri, authority);
      lines = withHost(headerLines, uri.substring(authority, end));
      target =
          end == uri.length() || uri.charAt(end) != '/'
              ? "/" + uri.substring(end)
              : uri.substring(end);
    }
    int q = target.indexOf('?');
    this.rawPath = q < 0 ? target : target.substring(0, q);
    this.rawQuery = q < 0 ? "" : target.substring(q + 1);
    this.headerLines = lines;
    QueryString query = QueryString.parse(rawQuery);
    this.queryParameters = query.parameters();
    this.repeatedParameters = query.repeated();
    this.malformedQuery = query.malformed();
    this.body = body;
  }

  /** Where the authority of an absolute-form target starts, or -1 for a path. */
  private static int absoluteFormAuthority(String uri) {
    if (uri.startsWith("/")) {
      return -1;
    }
    if (uri.regionMatches(true, 0, "http://", 0, 7)) {
      return 7;
    }
    return uri.regionMatches(true, 0, "https://", 0, 8) ? 8 : -1;
  }

  private static int authorityEnd(String uri, int start) {
    int end = start;
    while (end < uri.length() && uri.charAt(end) != '/' && uri.charAt(end) != '?') {
      end++;
    }
    return end;
  }

  /** The header lines with every Host line replaced by one naming {@code host}. */
  private static String[] withHost(String[] headerLines, String host) {
    List<String> out = new ArrayList<>(headerLines.length + 2);
    out.add("Host");
    out.add(host.substring(host.lastIndexOf('@') + 1));
    for (int i = 0; i < headerLines.length; i += 2) {
      if (!sameName(headerLines[i], "Host")) {
        out.add(headerLines[i]);
        out.add(headerLines[i + 1]);
      }
    }
    return out.toArray(String[]::new);
  }

  private static String[] lines(Map<String, List<String>> headers) {
    List<String> lines = new ArrayList<>();
    headers.forEach(
        (name, values) ->
            values.forEach(
                value -> {
                  lines.add(name);
                  lines.add(value);
                }));
    return lines.toArray(String[]::new);
  }

  /**
   * Percent-decodes a path component; {@code +} stays a plus, as in a path.
   *
   * @throws dev.tabula.model.TableException 400 InvalidUri when an escape is not {@code %xx} or the
   *     escapes are not UTF-8. The service's front end refuses a path it cannot decode with a bare
   *     400 "Invalid URL" (seen for a blob path in Azure/azure-storage-node issue 385); as for a
   *     request line it cannot read ({@code MalformedRequestHandler}), the 400 gets the code
   *     InvalidUri.
   */
  public static String decode(String component) {
    String decoded = PercentDecoding.decode(component, false);
    if (decoded == null) {
      throw TableErrorCode.INVALID_URI.exception();
    }
    return decoded;
  }

  /**
   * Refuses a query string that holds a malformed escape: 400 InvalidInput, the service's answer to
   * query escapes it cannot decode (escapes that are not UTF-8 in a {@code $filter}:
   * Azure/azure-sdk-for-node issue 745, a real-service answer).
   */
  public void requireWellFormedQuery() {
    if (malformedQuery) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
  }

  /** Whether the query string gives this parameter more than once. */
  public boolean repeatsQueryParameter(String name) {
    return repeatedParameters.contains(name);
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

  /**
   * Decoded query parameters ({@code +} read as a space); the first value wins when a name repeats
   * (see {@link #repeatsQueryParameter}); a malformed escape is kept as received (see {@link
   * #requireWellFormedQuery}).
   */
  public Map<String, String> queryParameters() {
    return queryParameters;
  }

  /** One decoded query parameter, or null. */
  public @Nullable String queryParameter(String name) {
    return queryParameters.get(name);
  }

  /** The first value of a header, or null. */
  public @Nullable String header(String name) {
    for (int i = 0; i < headerLines.length; i += 2) {
      if (sameName(headerLines[i], name)) {
        return headerLines[i + 1];
      }
    }
    return null;
  }

  /**
   * {@code equalsIgnoreCase}, with the first characters compared first when both are ASCII: a
   * request's lookups are mostly for headers it lacks, and names of one length (Accept, Origin,
   * Prefer) would otherwise be compared a character at a time with case folding.
   */
  private static boolean sameName(String line, String name) {
    if (line.length() != name.length()) {
      return false;
    }
    if (name.isEmpty()) {
      return true;
    }
    char a = line.charAt(0);
    char b = name.charAt(0);
    return (a >= 0x80 || b >= 0x80 || (a | 0x20) == (b | 0x20)) && line.equalsIgnoreCase(name);
  }

  /** Every value of a header, in order; empty when absent. */
  public List<String> headers(String name) {
    List<String> values = null;
    for (int i = 0; i < headerLines.length; i += 2) {
      if (sameName(headerLines[i], name)) {
        if (values == null) {
          values = new ArrayList<>(1);
        }
        values.add(headerLines[i + 1]);
      }
    }
    return values == null ? List.of() : Collections.unmodifiableList(values);
  }

  /** All headers, names compared case-insensitively; a new map on each call. */
  public Map<String, List<String>> headers() {
    TreeMap<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 0; i < headerLines.length; i += 2) {
      byName.computeIfAbsent(headerLines[i], x -> new ArrayList<>(1)).add(headerLines[i + 1]);
    }
    byName.replaceAll((name, values) -> Collections.unmodifiableList(values));
    return Collections.unmodifiableMap(byName);
  }

  /** The address of the client that sent the request, or null when the transport did not say. */
  public @Nullable InetAddress remoteAddress() {
    return remoteAddress;
  }

  /** The body; empty when there is none. Callers must not modify it. */
  public byte[] body() {
    return body;
  }
}
