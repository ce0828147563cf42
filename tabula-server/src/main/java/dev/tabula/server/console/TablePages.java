package dev.tabula.server.console;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.TransferEntity;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A whole table read page after page through the console's {@link TableProtocol}, as the command
 * line's {@code EntityCursor} reads it over HTTP (full metadata, so every property keeps its type),
 * one page (at most 1,000 entities) in memory at a time whatever the table's size. Not thread-safe.
 */
final class TablePages {
  private static final JsonFactory JSON = new JsonFactory();
  private static final String FULL_METADATA = "application/json;odata=fullmetadata";

  private final TableProtocol protocol;
  private final String account;
  private final String table;
  private @Nullable String nextPartitionKey;
  private @Nullable String nextRowKey;
  private boolean started;

  TablePages(TableProtocol protocol, String account, String table) {
    this.protocol = protocol;
    this.account = account;
    this.table = table;
  }

  /** Whether a page may follow (true before the first). */
  boolean more() {
    return !started || nextPartitionKey != null;
  }

  /**
   * The next page's answer: 200 and its entities to read with {@link #entities}, or the service's
   * error answer (the table missing: 404 TableNotFound).
   */
  ServiceResponse next() {
    StringBuilder uri = new StringBuilder("/").append(account).append('/').append(table);
    uri.append("()");
    if (nextPartitionKey != null) {
      uri.append("?NextPartitionKey=").append(encode(nextPartitionKey));
      if (nextRowKey != null) {
        uri.append("&NextRowKey=").append(encode(nextRowKey));
      }
    }
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("Host", List.of("localhost"));
    headers.put("Accept", List.of(FULL_METADATA));
    headers.put("x-ms-version", List.of("2019-02-02"));
    ServiceResponse response =
        protocol.handle(new ServiceRequest("GET", uri.toString(), headers, new byte[0]), "http");
    started = true;
    nextPartitionKey = header(response, "x-ms-continuation-NextPartitionKey");
    nextRowKey = header(response, "x-ms-continuation-NextRowKey");
    if (response.status() != 200) {
      nextPartitionKey = null;
    }
    return response;
  }

  /** The entities of a 200 page, in order. */
  static void entities(ServiceResponse page, EntitySink sink) throws IOException {
    try (JsonParser parser = JSON.createParser(page.body())) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("the query answer is not a JSON object");
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("value".equals(name) && value == JsonToken.START_ARRAY) {
          while (parser.nextToken() == JsonToken.START_OBJECT) {
            sink.accept(EntityJson.read(parser));
          }
          return;
        }
        parser.skipChildren();
      }
    }
  }

  /** Takes the entities of a page one at a time. */
  @FunctionalInterface
  interface EntitySink {
    void accept(TransferEntity entity) throws IOException;
  }

  private static @Nullable String header(ServiceResponse response, String name) {
    for (Map.Entry<String, String> header : response.headers().entrySet()) {
      if (header.getKey().equalsIgnoreCase(name)) {
        return header.getValue();
      }
    }
    return null;
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
