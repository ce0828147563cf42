package dev.tabula.bench.load;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;

/**
 * One response: its status, headers, body and the time from send to the last body byte.
 *
 * @param status the HTTP status, or -1 when the request failed without a response
 * @param headers the response headers
 * @param body the response body (empty when there was none)
 * @param nanos the latency, in nanoseconds
 */
public record Reply(int status, HttpHeaders headers, byte[] body, long nanos) {

  /** The first value of a header, or null. */
  public String header(String name) {
    return headers.firstValue(name).orElse(null);
  }

  /** The body as UTF-8 text, cut to {@code max} characters (for error messages). */
  public String bodyText(int max) {
    String text = new String(body, StandardCharsets.UTF_8);
    return text.length() <= max ? text : text.substring(0, max) + "...";
  }

  /** True for a 2xx status. */
  public boolean ok() {
    return status >= 200 && status < 300;
  }
}
