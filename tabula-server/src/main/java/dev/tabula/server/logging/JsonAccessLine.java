package dev.tabula.server.logging;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.server.telemetry.AnsweredRequest;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.jspecify.annotations.Nullable;

/**
 * An access log line as one JSON object, every field always present ({@code null} when it has no
 * value), in this order:
 *
 * <pre>
 * {"time":"2026-12-02T09:15:02.117Z","client":"127.0.0.1","account":"devstoreaccount1",
 *  "method":"POST","operation":"InsertEntity","table":"orders","status":204,"errorCode":null,
 *  "durationMs":2.481,"bytesIn":118,"bytesOut":0,"requestId":"5f0c...e1","completed":true}
 * </pre>
 *
 * (on one line). Strings are escaped by Jackson, so no value can break the line or the object.
 */
final class JsonAccessLine {
  private static final JsonFactory JSON = new JsonFactory();

  private JsonAccessLine() {}

  static String of(AnsweredRequest r) {
    StringWriter out = new StringWriter(256);
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.writeStartObject();
      json.writeStringField("time", AccessLineFields.time(r));
      string(json, "client", r.client());
      string(json, "account", emptyAsNull(r.account()));
      string(json, "method", emptyAsNull(r.method()));
      json.writeStringField("operation", r.operation());
      string(json, "table", r.table());
      json.writeNumberField("status", r.status());
      string(json, "errorCode", r.errorCode());
      json.writeNumberField("durationMs", AccessLineFields.durationMillis(r));
      json.writeNumberField("bytesIn", r.bytesIn());
      json.writeNumberField("bytesOut", r.bytesOut());
      string(json, "requestId", emptyAsNull(r.requestId()));
      json.writeBooleanField("completed", r.completed());
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write to a string", e);
    }
    return out.toString();
  }

  private static void string(JsonGenerator json, String name, @Nullable String value)
      throws IOException {
    if (value == null) {
      json.writeNullField(name);
    } else {
      json.writeStringField(name, value);
    }
  }

  private static @Nullable String emptyAsNull(String value) {
    return value.isEmpty() ? null : value;
  }
}
