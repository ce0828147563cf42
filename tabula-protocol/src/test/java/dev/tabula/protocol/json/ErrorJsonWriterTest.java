package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ErrorJsonWriterTest {

  @Test
  void write_matchesTheServiceErrorBody() {
    byte[] body =
        ErrorJsonWriter.write(
            "InvalidInput",
            "One of the request inputs is not valid.\n"
                + "RequestId:10d6a929-e002-007e-4cd3-110d71000000\n"
                + "Time:2024-09-28T18:25:57.3856306Z");

    assertThat(new String(body, StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"odata.error\":{\"code\":\"InvalidInput\",\"message\":{\"lang\":\"en-US\","
                + "\"value\":\"One of the request inputs is not valid.\\nRequestId:"
                + "10d6a929-e002-007e-4cd3-110d71000000\\nTime:2024-09-28T18:25:57.3856306Z\"}}}");
  }

  @Test
  void write_escapesQuotesAndKeepsUnicode() {
    byte[] body = ErrorJsonWriter.write("X", "say \"é\"");

    assertThat(new String(body, StandardCharsets.UTF_8)).contains("\"value\":\"say \\\"é\\\"\"");
  }
}
