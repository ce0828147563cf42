package dev.tabula.conformance.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A loopback HTTP proxy that passes GET requests to a server unchanged (path, query and headers, so
 * a SharedKey signature still holds) and answers each after a delay: a query of a few pages then
 * takes long enough for a test to interrupt the client in the middle of it.
 */
public final class SlowProxy implements AutoCloseable {
  private static final Set<String> HOP_BY_HOP =
      Set.of("host", "connection", "content-length", "transfer-encoding", "keep-alive");

  private final HttpServer http;

  private SlowProxy(HttpServer http) {
    this.http = http;
  }

  /** A proxy to {@code origin} ({@code http://127.0.0.1:port}) that delays each answer. */
  public static SlowProxy start(String origin, Duration delay) {
    try {
      HttpServer http =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
      http.createContext("/", exchange -> forward(exchange, origin, delay));
      http.start();
      return new SlowProxy(http);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The proxy's origin, {@code http://127.0.0.1:port}. */
  public String origin() {
    return "http://127.0.0.1:" + http.getAddress().getPort();
  }

  private static void forward(HttpExchange exchange, String origin, Duration delay)
      throws IOException {
    try (exchange) {
      Thread.sleep(delay.toMillis());
      HttpURLConnection connection =
          (HttpURLConnection)
              URI.create(origin + exchange.getRequestURI()).toURL().openConnection();
      connection.setRequestMethod(exchange.getRequestMethod());
      for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
        if (!HOP_BY_HOP.contains(header.getKey().toLowerCase(java.util.Locale.ROOT))) {
          for (String value : header.getValue()) {
            connection.addRequestProperty(header.getKey(), value);
          }
        }
      }
      int status = connection.getResponseCode();
      connection
          .getHeaderFields()
          .forEach(
              (name, values) -> {
                if (name != null && !HOP_BY_HOP.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                  exchange.getResponseHeaders().put(name, values);
                }
              });
      InputStream body = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
      byte[] bytes = body == null ? new byte[0] : body.readAllBytes();
      exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    http.stop(0);
  }
}
