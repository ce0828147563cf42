package dev.tabula.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One HTTP response as the wire carried it: status, headers (names case-insensitive) and body. */
public final class RawResponse {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern PART_STATUS_LINE = Pattern.compile("(?m)^HTTP/1\\.1 (\\d{3}) ");

  private final int status;
  private final Map<String, List<String>> headers;
  private final byte[] body;

  RawResponse(int status, Map<String, List<String>> headers, byte[] body) {
    this.status = status;
    TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach((name, values) -> copy.put(name, List.copyOf(values)));
    this.headers = copy;
    this.body = body.clone();
  }

  public int status() {
    return status;
  }

  /** The first value of a header, or null when the response has none. */
  public String header(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /** Whether the response carries the header at all. */
  public boolean hasHeader(String name) {
    return headers.containsKey(name);
  }

  /**
   * The query parameters that ask for the next page of this query page ({@code
   * &NextPartitionKey=...}, then {@code &NextRowKey=...} when the service sent one), encoded; null
   * on a last page.
   */
  public String continuation() {
    String pk = header("x-ms-continuation-NextPartitionKey");
    String rk = header("x-ms-continuation-NextRowKey");
    if (pk == null) {
      return null;
    }
    return "&NextPartitionKey="
        + ODataPaths.encodeQuery(pk)
        + (rk == null ? "" : "&NextRowKey=" + ODataPaths.encodeQuery(rk));
  }

  /** The service's error code header, or null. */
  public String errorCode() {
    return header("x-ms-error-code");
  }

  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }

  public byte[] body() {
    return body.clone();
  }

  /** The statuses of a {@code $batch} answer's parts, in order. */
  public List<Integer> batchPartStatuses() {
    List<Integer> out = new ArrayList<>();
    Matcher m = PART_STATUS_LINE.matcher(bodyText());
    while (m.find()) {
      out.add(Integer.parseInt(m.group(1)));
    }
    return out;
  }

  /** The body parsed as JSON. */
  public JsonNode json() {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException("response body is not JSON: " + bodyText(), e);
    }
  }

  @Override
  public String toString() {
    String text = bodyText();
    return status
        + " "
        + headers
        + " "
        + (text.length() > 2000 ? text.substring(0, 2000) + "…" : text);
  }
}
