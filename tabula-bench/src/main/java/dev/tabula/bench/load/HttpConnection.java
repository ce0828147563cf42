package dev.tabula.bench.load;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One blocking HTTP/1.1 keep-alive connection, used by one thread at a time: writes a request,
 * reads the whole response (Content-Length, chunked, or to end of stream), and reuses the socket
 * until the server closes it. A thread per connection is what lets 64 requests stay in flight on 2
 * cores with little client CPU per request (the JDK's HttpClient costs several times more per
 * request, which on a shared 2-core machine would be taken from the server under test).
 *
 * <p>Not thread-safe. After an {@link IOException} the socket is dropped and the next exchange
 * connects anew; the request that failed is not retried (it may have been applied). A socket left
 * idle for {@value #MAX_IDLE_MILLIS} ms or more (by default) is replaced before use, because
 * servers close idle keep-alive connections (Node's default, so Azurite's, after 5 s) and a request
 * written into a socket the server is closing is lost.
 */
public final class HttpConnection implements AutoCloseable {
  private static final int MAX_HEAD_BYTES = 64 * 1024;
  private static final long MAX_IDLE_MILLIS = 2_000;

  private final InetSocketAddress address;
  private final int timeoutMillis;
  private final long maxIdleNanos;
  private Socket socket;
  private InputStream in;
  private OutputStream out;

  /** What was read from the socket and not yet parsed: {@code received[next..end)}. */
  private final byte[] received = new byte[MAX_HEAD_BYTES];

  private int next;
  private int end;
  private long connects;
  private long lastUsedNanos;

  /** A connection to {@code host:port} (not opened until the first exchange). */
  public HttpConnection(String host, int port, int timeoutMillis) {
    this(host, port, timeoutMillis, MAX_IDLE_MILLIS);
  }

  /**
   * As above, replacing a socket idle for {@code maxIdleMillis} or more. Tests set it: a pause
   * between two exchanges (class loading on a loaded machine) must not open a second connection
   * that a one-connection test server never accepts.
   */
  HttpConnection(String host, int port, int timeoutMillis, long maxIdleMillis) {
    this.address = new InetSocketAddress(host, port);
    this.timeoutMillis = timeoutMillis;
    this.maxIdleNanos = maxIdleMillis * 1_000_000;
  }

  /** One response as received. Header names are lower-cased. */
  public record Response(int status, Map<String, String> headers, byte[] body) {
    /** A header's value, or null. */
    public String header(String lowerCaseName) {
      return headers.get(lowerCaseName);
    }

    /** The body as text, cut to {@code max} characters (for error messages). */
    public String bodyText(int max) {
      String text = new String(body, StandardCharsets.UTF_8);
      return text.length() <= max ? text : text.substring(0, max) + "...";
    }
  }

  /** How many times this connection has (re)connected. */
  public long connects() {
    return connects;
  }

  /** Sends {@code head} (ending in a blank line) and {@code body}, and reads the response. */
  public Response exchange(byte[] head, byte[] body) throws IOException {
    try {
      long now = System.nanoTime();
      if (socket != null && now - lastUsedNanos >= maxIdleNanos) {
        close();
      }
      if (socket == null) {
        open();
      }
      out.write(head);
      if (body != null) {
        out.write(body);
      }
      out.flush();
      Response response = read();
      lastUsedNanos = System.nanoTime();
      return response;
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  private void open() throws IOException {
    Socket s = new Socket();
    s.setTcpNoDelay(true);
    s.setSoTimeout(timeoutMillis);
    s.connect(address, timeoutMillis);
    socket = s;
    in = s.getInputStream();
    next = 0;
    end = 0;
    out = new BufferedOutputStream(s.getOutputStream(), 16 * 1024);
    connects++;
  }

  private Response read() throws IOException {
    String statusLine = line();
    if (!statusLine.startsWith("HTTP/1.")) {
      throw new IOException("not an HTTP response: " + statusLine);
    }
    int status = Integer.parseInt(statusLine.substring(9, 12));
    Map<String, String> headers = new HashMap<>();
    int headBytes = 0;
    for (String line = line(); !line.isEmpty(); line = line()) {
      headBytes += line.length();
      if (headBytes > MAX_HEAD_BYTES) {
        throw new IOException("response head too large");
      }
      int colon = line.indexOf(':');
      headers.put(
          line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          line.substring(colon + 1).trim());
    }
    byte[] body = body(status, headers);
    boolean closes =
        "close".equalsIgnoreCase(headers.get("connection")) || statusLine.startsWith("HTTP/1.0");
    if (closes) {
      close();
    }
    return new Response(status, headers, body);
  }

  private byte[] body(int status, Map<String, String> headers) throws IOException {
    if (status == 204 || status == 304 || status / 100 == 1) {
      return new byte[0];
    }
    String length = headers.get("content-length");
    if (length != null) {
      return bytes(checkedLength(Long.parseLong(length)));
    }
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      return chunked();
    }
    ByteArrayOutputStream rest = new ByteArrayOutputStream();
    rest.write(received, next, end - next);
    next = end;
    in.transferTo(rest);
    close();
    return rest.toByteArray();
  }

  private byte[] chunked() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = line();
      int semicolon = sizeLine.indexOf(';');
      long size =
          Long.parseLong((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
      if (size == 0) {
        while (!line().isEmpty()) {
          // trailers, ignored
        }
        return body.toByteArray();
      }
      body.write(bytes(checkedLength(size)));
      line();
    }
  }

  private static int checkedLength(long length) throws IOException {
    if (length < 0 || length > Integer.MAX_VALUE - 16) {
      throw new IOException("bad body length " + length);
    }
    return (int) length;
  }

  /**
   * Reads one CRLF-terminated line (ISO-8859-1), without the line end, from the bytes received; a
   * line is found with one scan and made into a string once, rather than a call per byte.
   */
  private String line() throws IOException {
    int scanned = next;
    while (true) {
      for (int i = scanned; i < end; i++) {
        if (received[i] == '\n') {
          int start = next;
          next = i + 1;
          int length = i > start && received[i - 1] == '\r' ? i - 1 - start : i - start;
          return new String(received, start, length, StandardCharsets.ISO_8859_1);
        }
      }
      scanned = end - next;
      if (!receive()) {
        throw new EOFException("connection closed mid-response");
      }
      scanned += next;
    }
  }

  /** The next {@code length} bytes of the response. */
  private byte[] bytes(int length) throws IOException {
    byte[] bytes = new byte[length];
    int copied = Math.min(length, end - next);
    System.arraycopy(received, next, bytes, 0, copied);
    next += copied;
    while (copied < length) {
      int read = in.read(bytes, copied, length - copied);
      if (read < 0) {
        throw new EOFException("connection closed mid-body");
      }
      copied += read;
    }
    return bytes;
  }

  /**
   * Moves the unparsed bytes to the front and reads more after them; false at end of stream. Throws
   * when a line fills the whole buffer.
   */
  private boolean receive() throws IOException {
    if (next > 0) {
      System.arraycopy(received, next, received, 0, end - next);
      end -= next;
      next = 0;
    }
    if (end == received.length) {
      throw new IOException("response line too long");
    }
    int read = in.read(received, end, received.length - end);
    if (read < 0) {
      return false;
    }
    end += read;
    return true;
  }

  @Override
  public void close() {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing a broken socket; nothing to do
      }
      socket = null;
    }
  }
}
