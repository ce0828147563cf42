package dev.tabula.protocol.http;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** An HTTP response built by the protocol layer: status, headers in order, and the whole body. */
public final class ServiceResponse {
  private static final byte[] EMPTY = new byte[0];

  private final int status;
  private final Map<String, String> headers = new LinkedHashMap<>();
  private byte[] body = EMPTY;

  public ServiceResponse(int status) {
    this.status = status;
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** Sets a header, replacing an earlier value of the same name; returns this response. */
  public ServiceResponse header(String name, String value) {
    headers.put(name, value);
    return this;
  }

  /** The headers in the order they were set. */
  public Map<String, String> headers() {
    return headers;
  }

  /** Sets the body and its Content-Type; returns this response. */
  public ServiceResponse body(String contentType, byte[] content) {
    headers.put("Content-Type", contentType);
    this.body = content;
    return this;
  }

  /** Sets a UTF-8 text body and its Content-Type; returns this response. */
  public ServiceResponse body(String contentType, String content) {
    return body(contentType, content.getBytes(StandardCharsets.UTF_8));
  }

  /** The body; empty when there is none. */
  public byte[] body() {
    return body;
  }
}
