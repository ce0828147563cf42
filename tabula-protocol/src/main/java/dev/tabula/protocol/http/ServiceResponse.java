package dev.tabula.protocol.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An HTTP response built by the protocol layer: status, headers in order, and a body that is either
 * whole or {@linkplain StreamedBody streamed} (written on demand by the transport, for answers that
 * can be large).
 */
public final class ServiceResponse {
  private static final byte[] EMPTY = new byte[0];

  private final int status;
  private final Map<String, String> headers = new LinkedHashMap<>();
  private static final int GATHERED_PIECE = 64 * 1024;

  private byte[] body = EMPTY;
  private @Nullable StreamedBody streamed;

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
    this.streamed = null;
    return this;
  }

  /** Sets a body written on demand and its Content-Type; returns this response. */
  public ServiceResponse body(String contentType, StreamedBody content) {
    headers.put("Content-Type", contentType);
    this.body = EMPTY;
    this.streamed = content;
    return this;
  }

  /** The body still to be written on demand, or null when the body is whole. */
  public @Nullable StreamedBody streamedBody() {
    return streamed;
  }

  /** Sets a UTF-8 text body and its Content-Type; returns this response. */
  public ServiceResponse body(String contentType, String content) {
    return body(contentType, content.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The whole body; empty when there is none. A streamed body is written out here, at once, and is
   * whole from then on: for a transport that cannot stream (an HTTP/1.0 client) and for tests.
   */
  public byte[] body() {
    if (streamed != null) {
      body = gather(streamed);
      streamed = null;
    }
    return body;
  }

  private static byte[] gather(StreamedBody streamed) {
    ByteArrayOutputStream whole = new ByteArrayOutputStream();
    try {
      while (!streamed.writeNext(whole, GATHERED_PIECE)) {
        // the next piece
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return whole.toByteArray();
  }
}
