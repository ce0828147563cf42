package dev.tabula.tools.cli;

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
 * A table's extension settings as the server's {@code ?comp=tabula-settings} document holds them
 * (docs/extensions.md): {@code {"timeToLive": null | -1 | seconds, "changeFeed": null |
 * {"retentionSeconds": seconds}, "indexes": [{"name", "property", "state"}]}}. Read, changed, and
 * written back whole: a PUT replaces every setting, so a member this document did not carry would
 * be switched off (an {@code indexes} left out drops every index). Immutable.
 *
 * @param timeToLive null (off), -1 (on, no default) or the default in seconds
 * @param changeFeedRetention null (off) or the change feed's retention in seconds
 * @param indexes the table's secondary indexes, or null when the server's document had no {@code
 *     indexes} member (a server from before indexes, which would refuse one in a PUT)
 */
record TableSettingsDocument(
    @Nullable Long timeToLive,
    @Nullable Long changeFeedRetention,
    @Nullable List<TableIndex> indexes) {
  private static final JsonFactory JSON = new JsonFactory();

  TableSettingsDocument {
    indexes = indexes == null ? null : List.copyOf(indexes);
  }

  /** Reads the server's document; members it does not know are skipped. */
  static TableSettingsDocument parse(String json) throws IOException {
    @Nullable Long ttl = null;
    @Nullable Long retention = null;
    @Nullable List<TableIndex> indexes = null;
    try (JsonParser in = JSON.createParser(json)) {
      if (in.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("the server's settings are not a JSON object: " + json);
      }
      while (in.nextToken() == JsonToken.FIELD_NAME) {
        String name = in.currentName();
        JsonToken value = in.nextToken();
        if ("timeToLive".equals(name) && value == JsonToken.VALUE_NUMBER_INT) {
          ttl = in.getLongValue();
        } else if ("changeFeed".equals(name) && value == JsonToken.START_OBJECT) {
          retention = retention(in);
        } else if ("indexes".equals(name) && value == JsonToken.START_ARRAY) {
          indexes = indexes(in);
        } else {
          in.skipChildren();
        }
      }
    }
    return new TableSettingsDocument(ttl, retention, indexes);
  }

  private static @Nullable Long retention(JsonParser in) throws IOException {
    @Nullable Long retention = null;
    while (in.nextToken() == JsonToken.FIELD_NAME) {
      String name = in.currentName();
      JsonToken value = in.nextToken();
      if ("retentionSeconds".equals(name) && value == JsonToken.VALUE_NUMBER_INT) {
        retention = in.getLongValue();
      } else {
        in.skipChildren();
      }
    }
    return retention;
  }

  /**
   * The array's index objects; anything else in it, and members an index does not know, skipped.
   */
  private static List<TableIndex> indexes(JsonParser in) throws IOException {
    List<TableIndex> indexes = new ArrayList<>();
    for (JsonToken item = in.nextToken(); item != JsonToken.END_ARRAY; item = in.nextToken()) {
      if (item != JsonToken.START_OBJECT) {
        in.skipChildren();
        continue;
      }
      String name = "";
      String property = "";
      @Nullable String state = null;
      while (in.nextToken() == JsonToken.FIELD_NAME) {
        String member = in.currentName();
        JsonToken value = in.nextToken();
        if (value != JsonToken.VALUE_STRING) {
          in.skipChildren();
        } else if ("name".equals(member)) {
          name = in.getText();
        } else if ("property".equals(member)) {
          property = in.getText();
        } else if ("state".equals(member)) {
          state = in.getText();
        }
      }
      indexes.add(new TableIndex(name, property, state));
    }
    return indexes;
  }

  /** The same settings with another time-to-live. */
  TableSettingsDocument withTimeToLive(@Nullable Long seconds) {
    return new TableSettingsDocument(seconds, changeFeedRetention, indexes);
  }

  /** The same settings with other indexes. */
  TableSettingsDocument withIndexes(List<TableIndex> newIndexes) {
    return new TableSettingsDocument(timeToLive, changeFeedRetention, newIndexes);
  }

  /**
   * The document the server takes: every setting this document holds, the indexes by name and
   * property (their state is the server's to say). Without indexes read, none are sent, so a server
   * from before indexes still takes the document.
   */
  String json() {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = JSON.createGenerator(text)) {
      out.writeStartObject();
      out.writeFieldName("timeToLive");
      if (timeToLive == null) {
        out.writeNull();
      } else {
        out.writeNumber(timeToLive);
      }
      out.writeFieldName("changeFeed");
      if (changeFeedRetention == null) {
        out.writeNull();
      } else {
        out.writeStartObject();
        out.writeNumberField("retentionSeconds", changeFeedRetention);
        out.writeEndObject();
      }
      if (indexes != null) {
        out.writeArrayFieldStart("indexes");
        for (TableIndex index : indexes) {
          out.writeStartObject();
          out.writeStringField("name", index.name());
          out.writeStringField("property", index.property());
          out.writeEndObject();
        }
        out.writeEndArray();
      }
      out.writeEndObject();
    } catch (IOException e) {
      throw new IllegalStateException("a JSON generator writing to a string failed", e);
    }
    return text.toString();
  }

  /**
   * The settings for people, one a line; the indexes (when the server has them) one a line under
   * theirs, in aligned columns: name, property, state.
   */
  String describe() {
    String ttl =
        timeToLive == null
            ? "off"
            : timeToLive == -1
                ? "on, no default (only entities with TabulaExpiresAt expire)"
                : "on, entities expire " + timeToLive + " s after their last write";
    String feed = changeFeedRetention == null ? "off" : "on, kept " + changeFeedRetention + " s";
    String text = "time-to-live: " + ttl + System.lineSeparator() + "change feed:  " + feed;
    if (indexes == null) {
      return text;
    }
    if (indexes.isEmpty()) {
      return text + System.lineSeparator() + "indexes:      none";
    }
    return text + System.lineSeparator() + "indexes:" + indexLines(indexes);
  }

  private static String indexLines(List<TableIndex> indexes) {
    int nameWidth = 0;
    int propertyWidth = 0;
    for (TableIndex index : indexes) {
      nameWidth = Math.max(nameWidth, index.name().length());
      propertyWidth = Math.max(propertyWidth, index.property().length());
    }
    StringBuilder lines = new StringBuilder();
    for (TableIndex index : indexes) {
      String state = index.state();
      String line =
          "  "
              + padded(index.name(), nameWidth)
              + "  "
              + padded(index.property(), propertyWidth)
              + "  "
              + (state == null ? "" : state);
      lines.append(System.lineSeparator()).append(line.stripTrailing());
    }
    return lines.toString();
  }

  private static String padded(String text, int width) {
    return text + " ".repeat(width - text.length());
  }
}
