package dev.tabula.bench.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * Reads a Query Entities JSON feed ({@code {"value":[{...},...]}}) with a streaming parser, as a
 * client must to use the page: counts the entities, checks that keys ascend, and optionally that
 * every entity has a string property with an expected value. Thread-safe.
 */
public final class FeedReader {
  private static final JsonFactory JSON = new JsonFactory();

  private final String property;
  private final String expected;

  /** A reader that checks {@code property} equals {@code expected} on every entity. */
  public FeedReader(String property, String expected) {
    this.property = Objects.requireNonNull(property, "property");
    this.expected = Objects.requireNonNull(expected, "expected");
  }

  /** A reader that only counts and checks key order. */
  public static FeedReader keysOnly() {
    return new FeedReader("", "");
  }

  /** Summarises one page body. */
  public FeedSummary read(byte[] body) {
    try (JsonParser parser = JSON.createParser(body)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new IllegalStateException("a feed is a JSON object");
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        parser.nextToken();
        if (name.equals("value")) {
          return readEntities(parser);
        }
        parser.skipChildren();
      }
      throw new IllegalStateException("a feed has a value array");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private FeedSummary readEntities(JsonParser parser) throws IOException {
    int count = 0;
    int mismatches = 0;
    int disorder = 0;
    RowId first = null;
    RowId last = null;
    while (parser.nextToken() == JsonToken.START_OBJECT) {
      Entity entity = readEntity(parser);
      RowId key = new RowId(entity.partitionKey, entity.rowKey);
      if (last != null && key.compareTo(last) <= 0) {
        disorder++;
      }
      if (!property.isEmpty() && !expected.equals(entity.checked)) {
        mismatches++;
      }
      first = first == null ? key : first;
      last = key;
      count++;
    }
    return new FeedSummary(count, mismatches, disorder, first, last);
  }

  private Entity readEntity(JsonParser parser) throws IOException {
    Entity entity = new Entity();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
        parser.skipChildren();
      } else if (name.equals("PartitionKey")) {
        entity.partitionKey = parser.getText();
      } else if (name.equals("RowKey")) {
        entity.rowKey = parser.getText();
      }
      if (name.equals(property)) {
        entity.checked = parser.getText();
      }
    }
    if (entity.partitionKey == null || entity.rowKey == null) {
      throw new IllegalStateException("an entity in the feed lacks PartitionKey or RowKey");
    }
    return entity;
  }

  /** The fields of one entity this reader looks at. */
  private static final class Entity {
    String partitionKey;
    String rowKey;
    String checked;
  }
}
