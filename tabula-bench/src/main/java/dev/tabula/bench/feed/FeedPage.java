package dev.tabula.bench.feed;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One page of Tabula's change feed as the lag measurement needs it (docs/extensions.md, "Change
 * feed"): each group's commit time and row keys, and the token to read on from.
 *
 * @param groups the page's groups in feed order
 * @param next the token of the next read
 */
record FeedPage(List<Group> groups, String next) {
  private static final JsonFactory JSON = JsonFactory.builder().build();

  /** One committed apply: its commit time and the row keys it changed. */
  record Group(Instant time, List<String> rowKeys) {}

  /** Reads a page's JSON. */
  static FeedPage parse(byte[] body) throws IOException {
    List<Group> groups = new ArrayList<>();
    String next = null;
    try (JsonParser in = JSON.createParser(body)) {
      expect(in.nextToken(), JsonToken.START_OBJECT);
      while (in.nextToken() == JsonToken.FIELD_NAME) {
        String field = in.currentName();
        in.nextToken();
        if (field.equals("changes")) {
          while (in.nextToken() == JsonToken.START_OBJECT) {
            Group group = group(in);
            if (group != null) {
              groups.add(group);
            }
          }
        } else if (field.equals("next")) {
          next = in.getText();
        } else {
          in.skipChildren();
        }
      }
    }
    if (next == null) {
      throw new IOException("a feed page without a next token");
    }
    return new FeedPage(groups, next);
  }

  /** A group, or null for the table's deletion. */
  private static Group group(JsonParser in) throws IOException {
    Instant time = null;
    List<String> rowKeys = new ArrayList<>();
    while (in.nextToken() == JsonToken.FIELD_NAME) {
      String field = in.currentName();
      in.nextToken();
      if (field.equals("time")) {
        time = Instant.parse(in.getText());
      } else if (field.equals("rows")) {
        while (in.nextToken() == JsonToken.START_OBJECT) {
          while (in.nextToken() == JsonToken.FIELD_NAME) {
            String rowField = in.currentName();
            in.nextToken();
            if (rowField.equals("rowKey")) {
              rowKeys.add(in.getText());
            } else {
              in.skipChildren();
            }
          }
        }
      } else {
        in.skipChildren();
      }
    }
    return time == null ? null : new Group(time, rowKeys);
  }

  private static void expect(JsonToken actual, JsonToken expected) throws IOException {
    if (actual != expected) {
      throw new IOException("expected " + expected + ", found " + actual);
    }
  }
}
