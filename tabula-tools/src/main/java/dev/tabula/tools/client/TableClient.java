package dev.tabula.tools.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;

/**
 * A client of one account's Table endpoint over the JDK's HTTP client (HTTP/1.1, keep-alive, HTTPS
 * for Azure), sending what the current SDKs send ({@code x-ms-version 2019-02-02}, OData JSON),
 * signed with SharedKeyLite or carrying the connection string's SAS. Thread-safe: an import sends
 * several transactions at once through one client.
 *
 * <p>A busy answer (503, 500, 408, 429) or a lost connection is retried up to {@value
 * #MAX_ATTEMPTS} times with growing, jittered pauses, as the SDKs' default retry policy does; any
 * other refusal is the caller's to report.
 */
public final class TableClient implements AutoCloseable {
  /** The x-ms-version the current SDKs send; Tabula, Azurite and Azure all accept it. */
  public static final String VERSION = "2019-02-02";

  static final int MAX_ATTEMPTS = 6;
  private static final JsonFactory JSON = new JsonFactory();
  private static final String FULL_METADATA = "application/json;odata=fullmetadata";

  static {
    // Node (so Azurite) closes idle keep-alive connections after 5 s; the JDK keeps them 30 s by
    // default and a request written into a socket the server is closing fails. Read once, when the
    // HTTP client's classes load, so it is set before the first client exists.
    if (System.getProperty("jdk.httpclient.keepalive.timeout") == null) {
      System.setProperty("jdk.httpclient.keepalive.timeout", "4");
    }
  }

  private final ConnectionString target;
  private final @Nullable SharedKeyLiteSigner signer;
  private final HttpClient http;
  private final Duration timeout;

  /**
   * A client of the endpoint a connection string names; each request times out after {@code
   * timeout}.
   */
  public TableClient(ConnectionString target, Duration timeout) {
    this.target = target;
    String account = target.account();
    String key = target.key();
    this.signer = account != null && key != null ? new SharedKeyLiteSigner(account, key) : null;
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
  }

  /** The endpoint this client talks to. */
  public ConnectionString target() {
    return target;
  }

  /** Every table of the account, following NextTableName continuations. */
  public List<String> listTables() throws IOException {
    List<String> names = new ArrayList<>();
    String next = null;
    do {
      String query = next == null ? null : "NextTableName=" + PercentEncoding.encode(next);
      HttpResponse<byte[]> response =
          send("GET", "Tables", query, null, BodyHandlers.ofByteArray(), "Accept", FULL_METADATA);
      expect(response, 200);
      try (JsonParser parser = JSON.createParser(response.body())) {
        for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
          if (token == JsonToken.FIELD_NAME && "TableName".equals(parser.currentName())) {
            parser.nextToken();
            names.add(parser.getText());
          }
        }
      }
      next = response.headers().firstValue("x-ms-continuation-NextTableName").orElse(null);
    } while (next != null);
    return names;
  }

  /** Creates a table; true when created, false when it was there already. */
  public boolean createTableIfAbsent(String table) throws IOException {
    byte[] body =
        ("{\"TableName\":\"" + table.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}")
            .getBytes(StandardCharsets.UTF_8);
    HttpResponse<byte[]> response =
        send(
            "POST",
            "Tables",
            null,
            body,
            BodyHandlers.ofByteArray(),
            "Content-Type",
            "application/json",
            "Accept",
            FULL_METADATA,
            "Prefer",
            "return-no-content");
    if (response.statusCode() == 409
        && "TableAlreadyExists".equals(ErrorBody.parse(response.body()).code())) {
      return false;
    }
    expect(response, 201, 204);
    return true;
  }

  /** The entities a query selects, streamed page after page. */
  public EntityCursor query(String table, EntityQuery query) {
    return new EntityCursor(this, table, query);
  }

  /** Sends one entity group transaction of up to 100 operations on one partition. */
  public BatchOutcome submitBatch(String table, List<BatchOperation> operations)
      throws IOException {
    BatchBody batch = BatchBody.of(target.endpoint() + "/" + table, operations);
    Sent<byte[]> sent =
        sendCounting(
            "POST",
            "$batch",
            null,
            batch.body(),
            BodyHandlers.ofByteArray(),
            "Content-Type",
            batch.contentType(),
            "Accept",
            "application/json;odata=minimalmetadata");
    HttpResponse<byte[]> response = sent.response();
    if (response.statusCode() == 202) {
      return BatchAnswer.read(response.body(), sent.attempts());
    }
    ErrorBody error = ErrorBody.parse(response.body());
    return new BatchOutcome(
        false, -1, response.statusCode(), error.code(), error.message(), sent.attempts());
  }

  HttpResponse<InputStream> queryPage(
      String table,
      EntityQuery query,
      long remaining,
      @Nullable String nextPartitionKey,
      @Nullable String nextRowKey)
      throws IOException {
    StringBuilder raw = new StringBuilder();
    String filter = query.filter();
    if (filter != null) {
      raw.append("$filter=").append(PercentEncoding.encode(filter));
    }
    String select = query.select();
    if (select != null) {
      append(raw, "$select=" + PercentEncoding.encode(withKeys(select)));
    }
    if (remaining > 0 && remaining < 1000) {
      append(raw, "$top=" + remaining);
    }
    if (nextPartitionKey != null) {
      append(raw, "NextPartitionKey=" + PercentEncoding.encode(nextPartitionKey));
      if (nextRowKey != null) {
        append(raw, "NextRowKey=" + PercentEncoding.encode(nextRowKey));
      }
    }
    HttpResponse<InputStream> response =
        send(
            "GET",
            table + "()",
            raw.length() == 0 ? null : raw.toString(),
            null,
            BodyHandlers.ofInputStream(),
            "Accept",
            FULL_METADATA);
    if (response.statusCode() != 200) {
      byte[] body;
      try (InputStream in = response.body()) {
        body = in.readNBytes(64 * 1024);
      }
      ErrorBody error = ErrorBody.parse(body);
      throw new ServiceException(response.statusCode(), error.code(), error.message());
    }
    return response;
  }

  private static String withKeys(String select) {
    List<String> names = new ArrayList<>(List.of(select.split(",")));
    names.replaceAll(String::strip);
    for (String key : List.of("RowKey", "PartitionKey")) {
      if (!names.contains(key)) {
        names.add(0, key);
      }
    }
    return String.join(",", names);
  }

  private static void append(StringBuilder query, String parameter) {
    query.append(query.length() == 0 ? "" : "&").append(parameter);
  }

  private static void expect(HttpResponse<byte[]> response, int... statuses)
      throws ServiceException {
    for (int status : statuses) {
      if (response.statusCode() == status) {
        return;
      }
    }
    ErrorBody error = ErrorBody.parse(response.body());
    throw new ServiceException(response.statusCode(), error.code(), error.message());
  }

  private <T> HttpResponse<T> send(
      String method,
      String resource,
      @Nullable String rawQuery,
      byte @Nullable [] body,
      BodyHandler<T> handler,
      String... headers)
      throws IOException {
    return sendCounting(method, resource, rawQuery, body, handler, headers).response();
  }

  private record Sent<T>(HttpResponse<T> response, int attempts) {}

  private <T> Sent<T> sendCounting(
      String method,
      String resource,
      @Nullable String rawQuery,
      byte @Nullable [] body,
      BodyHandler<T> handler,
      String... headers)
      throws IOException {
    for (int attempt = 1; ; attempt++) {
      HttpResponse<T> response;
      try {
        response = http.send(request(method, resource, rawQuery, body, headers), handler);
      } catch (IOException e) {
        if (attempt >= MAX_ATTEMPTS) {
          throw e;
        }
        pause(attempt);
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted");
      }
      if (attempt < MAX_ATTEMPTS && busy(response.statusCode())) {
        discard(response);
        pause(attempt);
        continue;
      }
      return new Sent<>(response, attempt);
    }
  }

  private static boolean busy(int status) {
    return status == 503 || status == 500 || status == 408 || status == 429;
  }

  private static void discard(HttpResponse<?> response) throws IOException {
    if (response.body() instanceof InputStream in) {
      in.close();
    }
  }

  /** 0.2 s, 0.4 s, 0.8 s ... up to 5 s, each with up to a quarter more at random. */
  private static void pause(int attempt) throws InterruptedIOException {
    long millis = Math.min(5_000, 200L << (attempt - 1));
    millis += ThreadLocalRandom.current().nextLong(millis / 4 + 1);
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted");
    }
  }

  private HttpRequest request(
      String method,
      String resource,
      @Nullable String rawQuery,
      byte @Nullable [] body,
      String... headers) {
    String path = target.pathOf(resource);
    String sas = target.sas();
    String query = rawQuery;
    if (sas != null) {
      query = query == null ? sas : query + "&" + sas;
    }
    URI uri = URI.create(target.endpoint().resolve(path) + (query == null ? "" : "?" + query));
    String date = SharedKeyLiteSigner.httpDate(Instant.now());
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .method(
                method, body == null ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(body))
            .header("x-ms-date", date)
            .header("x-ms-version", VERSION)
            .header("DataServiceVersion", "3.0;NetFx")
            .header("MaxDataServiceVersion", "3.0;NetFx")
            .header("User-Agent", "tabula-tools");
    if (signer != null) {
      builder.header("Authorization", signer.authorization(date, path));
    }
    for (int i = 0; i + 1 < headers.length; i += 2) {
      builder.header(headers[i], headers[i + 1]);
    }
    return builder.build();
  }

  @Override
  public void close() {
    // The JDK's HttpClient (before 21) has no close; its idle connections end with the process or
    // after the keep-alive timeout.
  }
}
