package dev.tabula.tools.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * A table's extension settings as the server's {@code ?comp=tabula-settings} document holds them
 * (docs/extensions.md): {@code {"timeToLive": null | -1 | seconds, "changeFeed": null |
 * {"retentionSeconds": seconds}}}. Read, changed one setting at a time, written back whole (a PUT
 * replaces every setting). Immutable.
 *
 * @param timeToLive null (off), -1 (on, no default) or the default in seconds
 * @param changeFeedRetention null (off) or the change feed's retention in seconds
 */
record TableSettingsDocument(@Nullable Long timeToLive, @Nullable Long changeFeedRetention) {
  private static final JsonFactory JSON = new JsonFactory();

  /** Reads the server's document; members it does not know are skipped. */
  static TableSettingsDocument parse(String json) throws IOException {
    @Nullable Long ttl = null;
    @Nullable Long retention = null;
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
        } else {
          in.skipChildren();
        }
      }
    }
    return new TableSettingsDocument(ttl, retention);
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

  /** The same settings with another time-to-live. */
  TableSettingsDocument withTimeToLive(@Nullable Long seconds) {
    return new TableSettingsDocument(seconds, changeFeedRetention);
  }

  /** The document the server takes. */
  String json() {
    String feed =
        changeFeedRetention == null
            ? "null"
            : "{\"retentionSeconds\": " + changeFeedRetention + "}";
    return "{\"timeToLive\": "
        + (timeToLive == null ? "null" : timeToLive)
        + ", \"changeFeed\": "
        + feed
        + "}";
  }

  /** The settings for people, one a line. */
  String describe() {
    String ttl =
        timeToLive == null
            ? "off"
            : timeToLive == -1
                ? "on, no default (only entities with TabulaExpiresAt expire)"
                : "on, entities expire " + timeToLive + " s after their last write";
    String feed = changeFeedRetention == null ? "off" : "on, kept " + changeFeedRetention + " s";
    return "time-to-live: " + ttl + System.lineSeparator() + "change feed:  " + feed;
  }
}
