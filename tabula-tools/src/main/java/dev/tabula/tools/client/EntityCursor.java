package dev.tabula.tools.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.TransferEntity;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The entities of a query, read one at a time from the answer's stream and page after page through
 * the continuation headers, so memory holds one entity whatever the page or table size. Not
 * thread-safe; close it to release the connection of an unfinished page.
 */
public final class EntityCursor implements AutoCloseable {
  private static final JsonFactory JSON = new JsonFactory();

  private final TableClient client;
  private final String table;
  private final EntityQuery query;
  private @Nullable JsonParser page;
  private @Nullable QueryPage answer;
  private @Nullable String nextPartitionKey;
  private @Nullable String nextRowKey;
  private @Nullable TransferEntity next;
  private boolean lastPage;
  private long read;
  private long pages;

  EntityCursor(TableClient client, String table, EntityQuery query) {
    this.client = client;
    this.table = table;
    this.query = query;
  }

  /** Whether another entity follows; reads the next page when this one is spent. */
  public boolean hasNext() throws IOException {
    while (next == null) {
      if (query.top() > 0 && read >= query.top()) {
        return false;
      }
      if (page == null) {
        if (lastPage) {
          return false;
        }
        openPage();
      }
      JsonParser parser = page;
      if (parser != null && parser.nextToken() == JsonToken.START_OBJECT) {
        next = EntityJson.read(parser);
      } else {
        closePage();
      }
    }
    return true;
  }

  /** The next entity; call {@link #hasNext()} first. */
  public TransferEntity next() throws IOException {
    if (!hasNext() || next == null) {
      throw new java.util.NoSuchElementException();
    }
    TransferEntity entity = next;
    next = null;
    read++;
    return entity;
  }

  /** Pages requested so far. */
  public long pages() {
    return pages;
  }

  private void openPage() throws IOException {
    long remaining = query.top() > 0 ? query.top() - read : 0;
    QueryPage opened = client.queryPage(table, query, remaining, nextPartitionKey, nextRowKey);
    answer = opened;
    pages++;
    nextPartitionKey = opened.header("x-ms-continuation-NextPartitionKey");
    nextRowKey = opened.header("x-ms-continuation-NextRowKey");
    lastPage = nextPartitionKey == null;
    JsonParser parser = JSON.createParser(opened.body());
    page = parser;
    EntityJson.openValues(parser);
  }

  private void closePage() throws IOException {
    JsonParser parser = page;
    QueryPage opened = answer;
    page = null;
    answer = null;
    try {
      if (parser != null) {
        parser.close();
      }
    } finally {
      if (opened != null) {
        opened.close();
      }
    }
  }

  @Override
  public void close() throws IOException {
    closePage();
  }
}
