package dev.tabula.server.console;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.TransferEntity;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
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
    ServiceResponse response =
        ServiceCalls.call(protocol, "GET", uri.toString(), FULL_METADATA, null, new byte[0]);
    started = true;
    nextPartitionKey = ServiceCalls.header(response, "x-ms-continuation-NextPartitionKey");
    nextRowKey = ServiceCalls.header(response, "x-ms-continuation-NextRowKey");
    if (response.status() != 200) {
      nextPartitionKey = null;
    }
    return response;
  }

  /** The entities of a 200 page, in order. */
  static void entities(ServiceResponse page, EntitySink sink) throws IOException {
    try (JsonParser parser = JSON.createParser(page.body())) {
      EntityJson.openValues(parser);
      while (parser.nextToken() == JsonToken.START_OBJECT) {
        sink.accept(EntityJson.read(parser));
      }
    }
  }

  /** Takes the entities of a page one at a time. */
  @FunctionalInterface
  interface EntitySink {
    void accept(TransferEntity entity) throws IOException;
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
