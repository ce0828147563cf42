package dev.tabula.server.logging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.server.telemetry.AnsweredRequest;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two access line formats, field by field. */
class AccessLineTest {
  private static final long STARTED = Instant.parse("2026-12-02T09:15:02.117Z").toEpochMilli();

  private static final AnsweredRequest INSERT =
      new AnsweredRequest(
          STARTED,
          2_481_379,
          "POST",
          "devstoreaccount1",
          "InsertEntity",
          "orders",
          "customer42",
          204,
          null,
          118,
          0,
          "5f0c2b7e-0d7c-4f4e-9a57-3c1d2e8f00e1",
          "127.0.0.1",
          true);

  private static final AnsweredRequest REFUSED =
      new AnsweredRequest(
          STARTED,
          0,
          "",
          "",
          "Refused",
          null,
          null,
          413,
          "RequestBodyTooLarge",
          0,
          241,
          "",
          null,
          false);

  @Test
  void plain_writesEveryFieldInOrder_withADashForNone() {
    assertThat(PlainAccessLine.of(INSERT))
        .isEqualTo(
            "2026-12-02T09:15:02.117Z 127.0.0.1 devstoreaccount1 POST InsertEntity orders 204 -"
                + " 2.481 118 0 5f0c2b7e-0d7c-4f4e-9a57-3c1d2e8f00e1 complete");
    assertThat(PlainAccessLine.of(REFUSED))
        .isEqualTo(
            "2026-12-02T09:15:02.117Z - - - Refused - 413 RequestBodyTooLarge 0.000 0 241 -"
                + " incomplete");
  }

  @Test
  void plain_quotesWhatCouldBeMistakenForFields() {
    AnsweredRequest odd =
        new AnsweredRequest(
            STARTED,
            1_000,
            "GET",
            "devstoreaccount1",
            "QueryEntities",
            "a \"b\"\n\\c",
            null,
            400,
            "InvalidInput",
            0,
            10,
            "-",
            "::1",
            true);

    assertThat(PlainAccessLine.of(odd))
        .isEqualTo(
            "2026-12-02T09:15:02.117Z ::1 devstoreaccount1 GET QueryEntities \"a \\\"b\\\"\\n\\\\c\""
                + " 400 InvalidInput 0.001 0 10 \"-\" complete");
  }

  @Test
  void json_hasEveryFieldAlways_nullWhenAbsent_andParses() throws IOException {
    assertThat(JsonAccessLine.of(INSERT))
        .isEqualTo(
            "{\"time\":\"2026-12-02T09:15:02.117Z\",\"client\":\"127.0.0.1\","
                + "\"account\":\"devstoreaccount1\",\"method\":\"POST\","
                + "\"operation\":\"InsertEntity\",\"table\":\"orders\",\"status\":204,"
                + "\"errorCode\":null,\"durationMs\":2.481,\"bytesIn\":118,\"bytesOut\":0,"
                + "\"requestId\":\"5f0c2b7e-0d7c-4f4e-9a57-3c1d2e8f00e1\",\"completed\":true}");

    Map<String, String> refused = parse(JsonAccessLine.of(REFUSED));
    assertThat(refused.keySet())
        .containsExactly(
            "time",
            "client",
            "account",
            "method",
            "operation",
            "table",
            "status",
            "errorCode",
            "durationMs",
            "bytesIn",
            "bytesOut",
            "requestId",
            "completed");
    assertThat(refused)
        .containsEntry("client", null)
        .containsEntry("account", null)
        .containsEntry("method", null)
        .containsEntry("operation", "Refused")
        .containsEntry("status", "413")
        .containsEntry("errorCode", "RequestBodyTooLarge")
        .containsEntry("requestId", null)
        .containsEntry("completed", "false");
  }

  @Test
  void json_escapesWhatCouldBreakTheLine() throws IOException {
    AnsweredRequest odd =
        new AnsweredRequest(
            STARTED,
            1_000,
            "GET",
            "devstoreaccount1",
            "QueryEntities",
            "a\"\n}",
            null,
            400,
            "InvalidInput",
            0,
            10,
            "id",
            "::1",
            true);

    String line = JsonAccessLine.of(odd);

    assertThat(line).doesNotContain("\n");
    assertThat(parse(line)).containsEntry("table", "a\"\n}");
  }

  /** The line's fields as text (numbers and booleans too), null for JSON null. */
  private static Map<String, String> parse(String line) throws IOException {
    Map<String, String> fields = new LinkedHashMap<>();
    try (JsonParser json = new JsonFactory().createParser(line)) {
      assertThat(json.nextToken()).isEqualTo(JsonToken.START_OBJECT);
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        String name = json.currentName();
        JsonToken value = json.nextToken();
        fields.put(name, value == JsonToken.VALUE_NULL ? null : json.getText());
      }
      assertThat(json.currentToken()).isEqualTo(JsonToken.END_OBJECT);
      assertThat(json.nextToken()).isNull();
    }
    return fields;
  }
}
