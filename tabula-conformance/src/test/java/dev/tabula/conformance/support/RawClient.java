package dev.tabula.conformance.support;

import dev.tabula.server.Account;
import dev.tabula.server.TabulaServer;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * A small test-side HTTP client for what the SDK hides or cannot send: exact status codes, headers,
 * wire forms (MERGE, X-HTTP-Method), metadata levels and malformed requests. Requests are signed
 * with SharedKeyLite by default, like the Java SDK.
 */
public final class RawClient {
  private final int port;
  private final Account account;
  private final HttpClient http;

  public RawClient(TabulaServer server, Account account) {
    this(server.port(), account);
  }

  /** A client of a server on a loopback port (one running in another process, say). */
  public RawClient(int port, Account account) {
    this.port = port;
    this.account = account;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
  }

  /** A request with the default headers, for a path relative to the account root. */
  public RawRequest request(String method, String path) {
    return new RawRequest(this, method, path);
  }

  public RawRequest get(String path) {
    return request("GET", path);
  }

  public RawRequest post(String path) {
    return request("POST", path);
  }

  public RawRequest put(String path) {
    return request("PUT", path);
  }

  public RawRequest patch(String path) {
    return request("PATCH", path);
  }

  public RawRequest delete(String path) {
    return request("DELETE", path);
  }

  int port() {
    return port;
  }

  Account account() {
    return account;
  }

  HttpClient http() {
    return http;
  }
}
