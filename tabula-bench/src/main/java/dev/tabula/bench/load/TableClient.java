package dev.tabula.bench.load;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A Table service client for load: plain HTTP/1.1 with keep-alive (the JDK client pools one
 * connection per request in flight), SharedKeyLite signing and the headers the Azure SDKs send
 * ({@code x-ms-version 2019-02-02}, OData minimal metadata, {@code Prefer: return-no-content} on
 * inserts). It hides nothing: every call returns the status and timing so workloads can check
 * correctness and measure. Thread-safe; share one per target.
 */
public final class TableClient {
  /** The x-ms-version the SDKs of this era send; Tabula and Azurite both accept it. */
  public static final String VERSION = "2019-02-02";

  static final String ACCEPT = "application/json;odata=minimalmetadata";
  private static final HttpHeaders NO_HEADERS = HttpHeaders.of(Map.of(), (a, b) -> true);

  private final TableEndpoint endpoint;
  private final SharedKeyLiteSigner signer;
  private final HttpClient http;
  private final Duration timeout;

  /** A client of one endpoint; each request fails after {@code requestTimeout}. */
  public TableClient(TableEndpoint endpoint, Duration requestTimeout) {
    this.endpoint = endpoint;
    this.signer = new SharedKeyLiteSigner(endpoint.account(), endpoint.key());
    this.timeout = requestTimeout;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
  }

  /** The endpoint this client talks to. */
  public TableEndpoint endpoint() {
    return endpoint;
  }

  /**
   * A signed request for a resource below the account root.
   *
   * @param rawQuery the query string, already percent-encoded, or null
   * @param contentType the body's type, or null when there is no body
   */
  public HttpRequest request(
      String method, String path, String rawQuery, String contentType, byte[] body) {
    return builder(method, path, rawQuery, contentType, body).build();
  }

  private HttpRequest.Builder builder(
      String method, String path, String rawQuery, String contentType, byte[] body) {
    String date = SharedKeyLiteSigner.httpDate(Instant.now());
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(endpoint.resolve(path, rawQuery))
            .timeout(timeout)
            .header("x-ms-date", date)
            .header("x-ms-version", VERSION)
            .header("Accept", ACCEPT)
            .header("DataServiceVersion", "3.0;NetFx")
            .header("MaxDataServiceVersion", "3.0;NetFx")
            .header("Authorization", signer.authorization(date, endpoint.pathAsSent(path)));
    if (contentType != null) {
      builder.header("Content-Type", contentType);
    }
    HttpRequest.BodyPublisher publisher =
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(body);
    return builder.method(method, publisher);
  }

  /** Sends and waits; a transport failure becomes status -1 with the error as the body. */
  public Reply send(HttpRequest request) {
    long start = System.nanoTime();
    try {
      HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
      return new Reply(
          response.statusCode(), response.headers(), response.body(), System.nanoTime() - start);
    } catch (IOException e) {
      return failure(e, start);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failure(e, start);
    }
  }

  /** Sends without waiting; the future always completes normally (failures are status -1). */
  public CompletableFuture<Reply> sendAsync(HttpRequest request) {
    long start = System.nanoTime();
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .handle(
            (response, error) ->
                error != null
                    ? failure(error, start)
                    : new Reply(
                        response.statusCode(),
                        response.headers(),
                        response.body(),
                        System.nanoTime() - start));
  }

  /** Create Table; 201 with the table's JSON when created, 409 when it exists. */
  public Reply createTable(String table) {
    byte[] body = ("{\"TableName\":\"" + table + "\"}").getBytes(StandardCharsets.UTF_8);
    return send(request("POST", "Tables", null, "application/json", body));
  }

  /** Delete Table; 204 when deleted. */
  public Reply deleteTable(String table) {
    return send(request("DELETE", "Tables('" + table + "')", null, null, null));
  }

  /** Insert Entity without echo ({@code Prefer: return-no-content}): 204 when inserted. */
  public CompletableFuture<Reply> insertAsync(String table, byte[] entityJson) {
    return sendAsync(
        builder("POST", table, null, "application/json", entityJson)
            .header("Prefer", "return-no-content")
            .build());
  }

  /** An entity group transaction of inserts into one partition; see {@link BatchBody}. */
  public CompletableFuture<Reply> insertBatchAsync(String table, List<byte[]> entityJsons) {
    BatchBody batch = BatchBody.inserts(endpoint.resolve(table, null), entityJsons);
    return sendAsync(request("POST", "$batch", null, batch.contentType(), batch.body()));
  }

  /**
   * One Query Entities page: {@code GET table()?$filter=...}, resuming at {@code from} when given.
   *
   * @param filter the $filter text (not yet encoded), or null for every entity
   * @param from the continuation to resume at, or null for the first page
   */
  public QueryPage queryPage(String table, String filter, Continuation from, FeedReader reader) {
    StringBuilder query = new StringBuilder();
    if (filter != null) {
      query.append("$filter=").append(Continuation.encode(filter));
    }
    if (from != null) {
      query.append(query.length() == 0 ? "" : "&").append(from.queryParameters());
    }
    Reply reply = send(request("GET", table + "()", query.toString(), null, null));
    if (reply.status() != 200) {
      return new QueryPage(reply.status(), FeedSummary.EMPTY, null, reply.nanos(), reply.bodyText(300));
    }
    return new QueryPage(200, reader.read(reply.body()), Continuation.of(reply.headers()), reply.nanos(), null);
  }

  private static Reply failure(Throwable error, long start) {
    byte[] message = String.valueOf(error).getBytes(StandardCharsets.UTF_8);
    return new Reply(-1, NO_HEADERS, message, System.nanoTime() - start);
  }
}
