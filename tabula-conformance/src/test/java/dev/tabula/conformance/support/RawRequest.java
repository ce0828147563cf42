package dev.tabula.conformance.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.TreeMap;

/**
 * One raw request being built: defaults as the SDKs send them, any of which a test can change or
 * drop. {@link #send} fails the test on any 5xx: no request may ever make the server fail.
 */
public final class RawRequest {
  /** How the request is authorized. */
  public enum Scheme {
    SHARED_KEY_LITE,
    SHARED_KEY,
    NONE
  }

  private final RawClient client;
  private final String method;
  private final String path;
  private final Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
  private String accountName;
  private String key;
  private Scheme scheme = Scheme.SHARED_KEY_LITE;
  private byte[] body;
  private long fillerBodyLength = -1;
  private String signedPath;
  private String signedContentType;
  private boolean secondary;
  private boolean overSocket;

  RawRequest(RawClient client, String method, String path) {
    this.client = client;
    this.method = method;
    this.path = path;
    this.accountName = client.account().name();
    this.key = client.account().key();
    headers.put("x-ms-date", SharedKeySigner.httpDate(ZonedDateTime.now()));
    headers.put("x-ms-version", "2019-02-02");
    headers.put("Accept", "application/json;odata=minimalmetadata");
    headers.put("DataServiceVersion", "3.0;NetFx");
  }

  /** Sets a header; a null value removes it (also a default one). */
  public RawRequest header(String name, String value) {
    if (value == null) {
      headers.remove(name);
    } else {
      headers.put(name, value);
    }
    return this;
  }

  /** A JSON body, with {@code Content-Type: application/json} unless one is set. */
  public RawRequest json(String json) {
    headers.putIfAbsent("Content-Type", "application/json");
    this.body = json.getBytes(StandardCharsets.UTF_8);
    return this;
  }

  /** An XML body, with {@code Content-Type: application/xml} unless one is set. */
  public RawRequest xml(String xml) {
    headers.putIfAbsent("Content-Type", "application/xml");
    this.body = xml.getBytes(StandardCharsets.UTF_8);
    return this;
  }

  /** A body of {@code length} filler bytes, sent over a plain socket as it is written. */
  public RawRequest fillerBody(long length) {
    headers.putIfAbsent("Content-Type", "application/json");
    this.fillerBodyLength = length;
    return this;
  }

  /** Signs with another key than the account's own. */
  public RawRequest signWith(String base64Key) {
    this.key = base64Key;
    return this;
  }

  /** Addresses (and signs for) another account of the server. */
  public RawRequest account(String name) {
    this.accountName = name;
    return this;
  }

  /**
   * Sends the request to the account's secondary endpoint, {@code /{account}-secondary/...}, signed
   * as the SDKs sign it: the primary account name in the header and before the path as sent.
   */
  public RawRequest viaSecondary() {
    this.secondary = true;
    return this;
  }

  public RawRequest scheme(Scheme newScheme) {
    this.scheme = newScheme;
    return this;
  }

  /** Signs as if the request went to another path (a tampered request). */
  public RawRequest signedPath(String otherPath) {
    this.signedPath = otherPath;
    return this;
  }

  /** Signs (SharedKey) with another Content-Type than the one sent. */
  public RawRequest signedContentType(String contentType) {
    this.signedContentType = contentType;
    return this;
  }

  /**
   * Sends over a plain socket, the target exactly as written: the JDK client refuses URLs it cannot
   * parse (a malformed escape such as {@code %zz}).
   */
  public RawRequest overSocket() {
    this.overSocket = true;
    return this;
  }

  /** Sets x-ms-date. */
  public RawRequest msDate(ZonedDateTime time) {
    return header("x-ms-date", SharedKeySigner.httpDate(time));
  }

  /** Sends a {@code Date} header (the JDK client refuses it, so this goes over a plain socket). */
  public RawRequest dateHeader(ZonedDateTime time) {
    return header("Date", SharedKeySigner.httpDate(time));
  }

  /** Signs, sends and returns the response; fails the test if the server answered 5xx. */
  public RawResponse send() {
    RawResponse response = exchange();
    assertThat(response.status())
        .as("no request may produce a 5xx: %s %s -> %s", method, target(), response)
        .isLessThan(500);
    return response;
  }

  /**
   * Signs, sends and returns the response, whatever its status: for fault tests, where a 5xx is an
   * answer the client must be able to count (the store was unavailable), not a server bug.
   *
   * @throws java.io.UncheckedIOException when no answer came (the outcome is unknown)
   */
  public RawResponse exchange() {
    sign(endpointSegment() + "/" + (signedPath != null ? signedPath : pathOnly()));
    return headers.containsKey("Date") || fillerBodyLength >= 0 || overSocket
        ? SocketTransport.exchange(client.port(), method, target(), headers, body, fillerBodyLength)
        : sendWithJdkClient();
  }

  private RawResponse sendWithJdkClient() {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + client.port() + target()))
            .timeout(Duration.ofSeconds(60));
    headers.forEach(builder::header);
    builder.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(body));
    try {
      HttpResponse<byte[]> response =
          client.http().send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
      return new RawResponse(response.statusCode(), response.headers().map(), response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + target(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void sign(String signedPathAsSent) {
    headers.remove("Authorization");
    if (scheme == Scheme.NONE) {
      return;
    }
    String date = headers.getOrDefault("x-ms-date", headers.getOrDefault("Date", ""));
    String resource = SharedKeySigner.canonicalResource(accountName, signedPathAsSent, queryOnly());
    String contentType =
        signedContentType != null ? signedContentType : headers.get("Content-Type");
    String stringToSign =
        scheme == Scheme.SHARED_KEY
            ? SharedKeySigner.sharedKeyStringToSign(
                method, headers.get("Content-MD5"), contentType, date, resource)
            : SharedKeySigner.liteStringToSign(date, resource);
    String prefix = scheme == Scheme.SHARED_KEY ? "SharedKey " : "SharedKeyLite ";
    headers.put(
        "Authorization", prefix + accountName + ":" + SharedKeySigner.sign(key, stringToSign));
  }

  private String target() {
    return endpointSegment() + "/" + path;
  }

  private String endpointSegment() {
    return "/" + accountName + (secondary ? "-secondary" : "");
  }

  private String pathOnly() {
    int q = path.indexOf('?');
    return q < 0 ? path : path.substring(0, q);
  }

  private String queryOnly() {
    int q = path.indexOf('?');
    return q < 0 ? null : path.substring(q + 1);
  }
}
