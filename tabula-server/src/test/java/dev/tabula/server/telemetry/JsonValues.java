package dev.tabula.server.telemetry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads a JSON document into maps, lists, numbers, strings and nulls with jackson-core alone (the
 * server has no data binding), for tests to look into an answer.
 */
final class JsonValues {
  private JsonValues() {}

  /** The document's top object. */
  @SuppressWarnings("unchecked")
  static Map<String, @Nullable Object> object(byte[] json) throws IOException {
    try (JsonParser parser = new JsonFactory().createParser(json)) {
      return (Map<String, @Nullable Object>) value(parser, parser.nextToken());
    }
  }

  private static @Nullable Object value(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT -> {
        Map<String, @Nullable Object> object = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String name = parser.currentName();
          object.put(name, value(parser, parser.nextToken()));
        }
        return object;
      }
      case START_ARRAY -> {
        List<@Nullable Object> array = new ArrayList<>();
        for (JsonToken next = parser.nextToken();
            next != JsonToken.END_ARRAY;
            next = parser.nextToken()) {
          array.add(value(parser, next));
        }
        return array;
      }
      case VALUE_NUMBER_INT -> {
        return parser.getLongValue();
      }
      case VALUE_NUMBER_FLOAT -> {
        return parser.getDoubleValue();
      }
      case VALUE_STRING -> {
        return parser.getText();
      }
      case VALUE_NULL -> {
        return null;
      }
      default -> throw new IOException("unexpected " + token);
    }
  }
}
