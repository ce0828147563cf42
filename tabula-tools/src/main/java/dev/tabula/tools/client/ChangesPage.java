package dev.tabula.tools.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of Tabula's change feed (docs/extensions.md, "Change feed"), as the {@code changes}
 * command prints it.
 *
 * @param changes each change as compact JSON, one line each, in the server's order
 * @param next the token to read after this page
 * @param tableDeleted whether the page says the table was deleted (its last change)
 */
public record ChangesPage(List<String> changes, String next, boolean tableDeleted) {
  private static final JsonFactory JSON = new JsonFactory();
  private static final String TABLE_DELETED = "{\"kind\":\"tableDeleted\"}";

  public ChangesPage {
    changes = List.copyOf(changes);
  }

  /** The page a {@code ?comp=tabula-changes} answer holds. */
  static ChangesPage parse(byte[] body) throws IOException {
    List<String> changes = new ArrayList<>();
    @Nullable String next = null;
    try (JsonParser in = JSON.createParser(body)) {
      expect(in.nextToken() == JsonToken.START_OBJECT);
      while (in.nextToken() == JsonToken.FIELD_NAME) {
        String field = in.currentName();
        JsonToken value = in.nextToken();
        if ("changes".equals(field) && value == JsonToken.START_ARRAY) {
          while (in.nextToken() == JsonToken.START_OBJECT) {
            changes.add(copy(in));
          }
        } else if ("next".equals(field) && value == JsonToken.VALUE_STRING) {
          next = in.getText();
        } else {
          in.skipChildren();
        }
      }
    }
    if (next == null) {
      throw new IOException("the server's change-feed page has no next token");
    }
    boolean deleted = !changes.isEmpty() && changes.get(changes.size() - 1).equals(TABLE_DELETED);
    return new ChangesPage(changes, next, deleted);
  }

  private static String copy(JsonParser in) throws IOException {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = JSON.createGenerator(text)) {
      out.copyCurrentStructure(in);
    }
    return text.toString();
  }

  private static void expect(boolean wellFormed) throws IOException {
    if (!wellFormed) {
      throw new IOException("the server's change-feed page is not the expected JSON");
    }
  }
}
