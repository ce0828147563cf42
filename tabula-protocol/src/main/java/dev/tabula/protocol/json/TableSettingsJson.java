package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.model.IndexDefinition;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.model.TableSettings;
import dev.tabula.model.TimeToLive;
import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A table's extension settings as JSON (docs/extensions.md, "Table settings"):
 *
 * <pre>
 *   {"timeToLive": null | -1 | seconds, "changeFeed": null | {"retentionSeconds": seconds},
 *    "indexes": [{"name": "byStatus", "property": "Status", "state": "building" | "ready"}]}
 * </pre>
 *
 * <p>{@code timeToLive} follows Cosmos DB's {@code DefaultTimeToLive} (learn.microsoft.com "Time to
 * Live (TTL) in Azure Cosmos DB"): null or absent, entities never expire; -1, only entities that
 * name their expiry expire; n, entities expire n seconds after their last write unless they name
 * another expiry. A member left out is off: a document replaces every setting. Seconds are 1 to
 * 2,147,483,647, Cosmos DB's bounds. An index's {@code state} is answered, and ignored in a request
 * (so an answer can be sent back as it is); {@link IndexesJson} reads the list. Stateless.
 */
public final class TableSettingsJson {
  /** The largest number of seconds a setting takes (Cosmos DB's bound for a time-to-live). */
  static final long MAX_SECONDS = Integer.MAX_VALUE;

  private static final BigInteger MINUS_ONE = BigInteger.valueOf(-1);
  private static final String TIME_TO_LIVE = "timeToLive";
  private static final String CHANGE_FEED = "changeFeed";
  private static final String RETENTION_SECONDS = "retentionSeconds";
  private static final String INDEXES = "indexes";

  private TableSettingsJson() {}

  /** The settings as the document {@link #read} takes. */
  public static byte[] write(TableSettings settings) {
    return JsonCodec.write(out -> write(out, settings));
  }

  private static void write(JsonGenerator out, TableSettings settings) throws IOException {
    out.writeStartObject();
    TimeToLive ttl = settings.timeToLive();
    out.writeFieldName(TIME_TO_LIVE);
    if (!ttl.enabled()) {
      out.writeNull();
    } else {
      Duration duration = ttl.defaultDuration();
      out.writeNumber(duration == null ? -1 : duration.toSeconds());
    }
    out.writeFieldName(CHANGE_FEED);
    Duration retention = settings.changeFeedRetention();
    if (retention == null) {
      out.writeNull();
    } else {
      out.writeStartObject();
      out.writeNumberField(RETENTION_SECONDS, retention.toSeconds());
      out.writeEndObject();
    }
    out.writeFieldName(INDEXES);
    IndexesJson.write(out, settings.indexes());
    out.writeEndObject();
  }

  /**
   * The settings a request body states.
   *
   * @throws TableException 400 InvalidInput for a body that is not such a document (the message
   *     says what is wrong), 400 OutOfRangeInput for seconds out of bounds
   */
  public static TableSettings read(byte[] body) {
    try (JsonParser in = JsonCodec.parser(body)) {
      if (in.nextToken() != JsonToken.START_OBJECT) {
        throw invalid("The body must be a JSON object of table settings.");
      }
      TableSettings settings = readMembers(in);
      if (in.nextToken() != null) {
        throw invalid("The body must hold one JSON object only.");
      }
      return settings;
    } catch (JsonParseException e) {
      throw invalid("The body is not well-formed JSON.");
    } catch (IOException e) {
      throw invalid("The body cannot be read.");
    }
  }

  private static TableSettings readMembers(JsonParser in) throws IOException {
    TimeToLive ttl = TimeToLive.OFF;
    @Nullable Duration retention = null;
    List<IndexDefinition> indexes = List.of();
    Set<String> seen = new HashSet<>();
    while (in.nextToken() == JsonToken.FIELD_NAME) {
      String name = in.currentName();
      if (!seen.add(name)) {
        throw invalid("The setting '" + name + "' appears twice.");
      }
      in.nextToken();
      switch (name) {
        case TIME_TO_LIVE -> ttl = timeToLive(in);
        case CHANGE_FEED -> retention = changeFeedRetention(in);
        case INDEXES -> indexes = IndexesJson.read(in);
        default ->
            throw invalid(
                "Unknown table setting '"
                    + name
                    + "'; the settings are "
                    + TIME_TO_LIVE
                    + ", "
                    + CHANGE_FEED
                    + " and "
                    + INDEXES
                    + ".");
      }
    }
    return new TableSettings(ttl, retention, indexes);
  }

  private static TimeToLive timeToLive(JsonParser in) throws IOException {
    if (in.currentToken() == JsonToken.VALUE_NULL) {
      return TimeToLive.OFF;
    }
    if (in.currentToken() == JsonToken.VALUE_NUMBER_INT
        && MINUS_ONE.equals(in.getBigIntegerValue())) {
      return TimeToLive.withoutDefault();
    }
    return TimeToLive.after(Duration.ofSeconds(seconds(in, TIME_TO_LIVE + " (or -1, or null)")));
  }

  private static @Nullable Duration changeFeedRetention(JsonParser in) throws IOException {
    if (in.currentToken() == JsonToken.VALUE_NULL) {
      return null;
    }
    if (in.currentToken() != JsonToken.START_OBJECT
        || in.nextToken() != JsonToken.FIELD_NAME
        || !RETENTION_SECONDS.equals(in.currentName())) {
      throw invalid(
          CHANGE_FEED + " must be null or an object with " + RETENTION_SECONDS + " only.");
    }
    in.nextToken();
    long seconds = seconds(in, RETENTION_SECONDS);
    if (in.nextToken() != JsonToken.END_OBJECT) {
      throw invalid(CHANGE_FEED + " must hold " + RETENTION_SECONDS + " only.");
    }
    return Duration.ofSeconds(seconds);
  }

  /** A whole number of seconds from 1 to {@link #MAX_SECONDS}. */
  private static long seconds(JsonParser in, String what) throws IOException {
    if (in.currentToken() != JsonToken.VALUE_NUMBER_INT) {
      throw invalid(what + " must be a whole number of seconds.");
    }
    BigInteger value = in.getBigIntegerValue();
    if (value.signum() <= 0 || value.compareTo(BigInteger.valueOf(MAX_SECONDS)) > 0) {
      throw TableErrorCode.OUT_OF_RANGE_INPUT.exception(
          what + " must be from 1 to " + MAX_SECONDS + " seconds.");
    }
    return value.longValueExact();
  }

  static TableException invalid(String message) {
    return TableErrorCode.INVALID_INPUT.exception(message);
  }
}
