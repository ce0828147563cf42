package dev.tabula.bench.load;

import dev.tabula.bench.load.HttpConnection.Response;
import dev.tabula.tools.client.SharedKeyLiteSigner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The Table service operations a load sends, over one {@link HttpConnection}, signed with
 * SharedKeyLite and carrying the headers the Azure SDKs send ({@code x-ms-version 2019-02-02},
 * OData minimal metadata, {@code Prefer: return-no-content} on writes). Records each request's
 * latency (microseconds) while {@linkplain #recording(boolean) recording}. Belongs to one thread.
 */
public final class TableConnection implements AutoCloseable {
  /** The x-ms-version the SDKs of this era send; Tabula and Azurite both accept it. */
  public static final String VERSION = "2019-02-02";

  static final String ACCEPT = "application/json;odata=minimalmetadata";
  private static final String CRLF = "\r\n";

  private final TableEndpoint endpoint;
  private final SharedKeyLiteSigner signer;
  private final HttpConnection http;
  private final String hostHeader;
  private final Histogram latencies = new Histogram(3);
  private boolean recording = true;
  private long requests;
  private long dateSecond = -1;
  private String date;

  /** A connection to an endpoint; each request fails after {@code timeoutMillis} of silence. */
  public TableConnection(TableEndpoint endpoint, int timeoutMillis) {
    this.endpoint = endpoint;
    this.signer = new SharedKeyLiteSigner(endpoint.account(), endpoint.key());
    int port = endpoint.root().getPort() < 0 ? 80 : endpoint.root().getPort();
    this.http = new HttpConnection(endpoint.root().getHost(), port, timeoutMillis);
    this.hostHeader = endpoint.root().getHost() + ":" + port;
  }

  /** The endpoint this connection talks to. */
  public TableEndpoint endpoint() {
    return endpoint;
  }

  /** Whether request latencies are recorded from now on (off during warm-up). */
  public void recording(boolean on) {
    this.recording = on;
  }

  /** The latencies recorded, in microseconds. */
  public Histogram latencies() {
    return latencies;
  }

  /** Requests sent while recording. */
  public long requests() {
    return requests;
  }

  /** How many times the socket was (re)opened. */
  public long connects() {
    return http.connects();
  }

  /**
   * Sends a signed request for a resource below the account root and reads the response.
   *
   * @param rawQuery the query string, already percent-encoded, or null
   * @param contentType the body's type, or null when there is no body
   * @param extraHeaders further {@code Name: value} header lines
   */
  public Response send(
      String method,
      String path,
      String rawQuery,
      String contentType,
      byte[] body,
      String... extraHeaders)
      throws IOException {
    String target =
        endpoint.pathAsSent(path) + (rawQuery == null || rawQuery.isEmpty() ? "" : "?" + rawQuery);
    return exchange(method, target, endpoint.pathAsSent(path), contentType, body, extraHeaders);
  }

  /**
   * A request to a component of a resource ({@code path?comp=...}, Tabula's extensions among them),
   * whose {@code comp} SharedKey signs with the path, as the service's canonicalized resource has
   * it, while the rest of the query is sent unsigned.
   *
   * @param rawQuery further query parameters, already percent-encoded, or null
   */
  public Response sendToComponent(
      String method, String path, String comp, String rawQuery, String... extraHeaders)
      throws IOException {
    String signed = endpoint.pathAsSent(path) + "?comp=" + comp;
    String target = rawQuery == null || rawQuery.isEmpty() ? signed : signed + "&" + rawQuery;
    return exchange(method, target, signed, null, null, extraHeaders);
  }

  private Response exchange(
      String method,
      String target,
      String signedResource,
      String contentType,
      byte[] body,
      String... extraHeaders)
      throws IOException {
    String now = date();
    StringBuilder head = new StringBuilder(512);
    head.append(method)
        .append(' ')
        .append(target)
        .append(" HTTP/1.1")
        .append(CRLF)
        .append("Host: ")
        .append(hostHeader)
        .append(CRLF)
        .append("x-ms-date: ")
        .append(now)
        .append(CRLF)
        .append("x-ms-version: ")
        .append(VERSION)
        .append(CRLF)
        .append("Accept: ")
        .append(ACCEPT)
        .append(CRLF)
        .append("DataServiceVersion: 3.0;NetFx")
        .append(CRLF)
        .append("MaxDataServiceVersion: 3.0;NetFx")
        .append(CRLF)
        .append("Authorization: ")
        .append(signer.authorization(now, signedResource))
        .append(CRLF);
    if (contentType != null) {
      head.append("Content-Type: ").append(contentType).append(CRLF);
    }
    if (body != null || !method.equals("GET")) {
      head.append("Content-Length: ").append(body == null ? 0 : body.length).append(CRLF);
    }
    for (String header : extraHeaders) {
      head.append(header).append(CRLF);
    }
    head.append(CRLF);
    long start = System.nanoTime();
    Response response = http.exchange(head.toString().getBytes(StandardCharsets.UTF_8), body);
    if (recording) {
      latencies.recordValue(Math.max(1, (System.nanoTime() - start) / 1000));
      requests++;
    }
    return response;
  }

  /** Create Table: 201 (or 204 without echo) when created, 409 when it exists. */
  public Response createTable(String table) throws IOException {
    byte[] body = ("{\"TableName\":\"" + table + "\"}").getBytes(StandardCharsets.UTF_8);
    return send("POST", "Tables", null, "application/json", body, "Prefer: return-no-content");
  }

  /** Delete Table: 204 when deleted. */
  public Response deleteTable(String table) throws IOException {
    return send("DELETE", "Tables('" + table + "')", null, null, null);
  }

  /** Insert Entity without echo: 204 when inserted. */
  public Response insert(String table, byte[] entityJson) throws IOException {
    return send("POST", table, null, "application/json", entityJson, "Prefer: return-no-content");
  }

  /** An entity group transaction of inserts into one partition: 202, one part per insert. */
  public Response insertBatch(String table, List<byte[]> entityJsons) throws IOException {
    BatchBody batch = BatchBody.inserts(endpoint.resolve(table, null), entityJsons);
    return send("POST", "$batch", null, batch.contentType(), batch.body());
  }

  /** Query Entity by its keys (a point read): 200 with the entity, 404 when absent. */
  public Response getEntity(String table, String partitionKey, String rowKey) throws IOException {
    return send("GET", entityPath(table, partitionKey, rowKey), null, null, null);
  }

  /**
   * Insert Or Replace Entity ({@code PUT}) or Insert Or Merge Entity ({@code MERGE}), without
   * If-Match: 204 whether it inserted or updated.
   */
  public Response upsert(
      String table, String partitionKey, String rowKey, byte[] json, boolean merge)
      throws IOException {
    return send(
        merge ? "MERGE" : "PUT",
        entityPath(table, partitionKey, rowKey),
        null,
        "application/json",
        json);
  }

  /**
   * One Query Entities page, resuming at {@code from} when given.
   *
   * @param filter the $filter text (not yet encoded), or null for every entity
   * @param select the $select list, or null for every property
   */
  public Response queryPage(String table, String filter, String select, Continuation from)
      throws IOException {
    StringBuilder query = new StringBuilder();
    if (filter != null) {
      query.append("$filter=").append(Continuation.encode(filter));
    }
    if (select != null) {
      query
          .append(query.length() == 0 ? "" : "&")
          .append("$select=")
          .append(Continuation.encode(select));
    }
    if (from != null) {
      query.append(query.length() == 0 ? "" : "&").append(from.queryParameters());
    }
    return send("GET", table + "()", query.toString(), null, null);
  }

  private static String entityPath(String table, String partitionKey, String rowKey) {
    return table
        + "(PartitionKey='"
        + Continuation.encode(partitionKey)
        + "',RowKey='"
        + Continuation.encode(rowKey)
        + "')";
  }

  /** The x-ms-date for now, formatted once per second. */
  private String date() {
    long second = System.currentTimeMillis() / 1000;
    if (second != dateSecond) {
      dateSecond = second;
      date = SharedKeyLiteSigner.httpDate(Instant.ofEpochSecond(second));
    }
    return date;
  }

  @Override
  public void close() {
    http.close();
  }
}
