package dev.tabula.bench.load;

import java.io.BufferedInputStream;
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
 * idle for {@value #MAX_IDLE_MILLIS} ms or more is replaced before use, because servers close idle
 * keep-alive connections (Node's default, so Azurite's, after 5 s) and a request written into a
 * socket the server is closing is lost.
 */
public final class HttpConnection implements AutoCloseable {
  private static final int MAX_HEAD_BYTES = 64 * 1024;
  private static final long MAX_IDLE_MILLIS = 2_000;

  private final InetSocketAddress address;
  private final int timeoutMillis;
  private Socket socket;
  private InputStream in;
  private OutputStream out;
  private long connects;
  private long lastUsedNanos;

  /** A connection to {@code host:port} (not opened until the first exchange). */
  public HttpConnection(String host, int port, int timeoutMillis) {
    this.address = new InetSocketAddress(host, port);
    this.timeoutMillis = timeoutMillis;
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
      if (socket != null && now - lastUsedNanos > MAX_IDLE_MILLIS * 1_000_000) {
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
    in = new BufferedInputStream(s.getInputStream(), 64 * 1024);
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
      headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
    }
    byte[] body = body(status, headers);
    boolean closes = "close".equalsIgnoreCase(headers.get("connection")) || statusLine.startsWith("HTTP/1.0");
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
      return in.readNBytes(checkedLength(Long.parseLong(length)));
    }
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      return chunked();
    }
    byte[] rest = in.readAllBytes();
    close();
    return rest;
  }

  private byte[] chunked() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = line();
      int semicolon = sizeLine.indexOf(';');
      long size = Long.parseLong((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
      if (size == 0) {
        while (!line().isEmpty()) {
          // trailers, ignored
        }
        return body.toByteArray();
      }
      body.write(in.readNBytes(checkedLength(size)));
      line();
    }
  }

  private static int checkedLength(long length) throws IOException {
    if (length < 0 || length > Integer.MAX_VALUE - 16) {
      throw new IOException("bad body length " + length);
    }
    return (int) length;
  }

  /** Reads one CRLF-terminated line (ISO-8859-1), without the line end. */
  private String line() throws IOException {
    StringBuilder line = new StringBuilder(64);
    while (true) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("connection closed mid-response");
      }
      if (b == '\n') {
        int end = line.length();
        return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
      }
      if (line.length() > MAX_HEAD_BYTES) {
        throw new IOException("response line too long");
      }
      line.append((char) b);
    }
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
