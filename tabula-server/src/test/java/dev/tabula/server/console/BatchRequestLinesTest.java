package dev.tabula.server.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Request lines of a $batch lose the console's prefix; nothing else changes. */
class BatchRequestLinesTest {
  private static String unprefixed(String body) {
    return new String(
        BatchRequestLines.unprefixed(body.getBytes(StandardCharsets.UTF_8)),
        StandardCharsets.UTF_8);
  }

  @Test
  void requestLines_loseTheConsolePrefix() {
    assertThat(
            unprefixed(
                "x\r\nPOST http://localhost:9464/console/api/accounts/devstoreaccount1/T HTTP/1.1\r\n"
                    + "DELETE /console/api/accounts/a/T(PartitionKey='p',RowKey='r') HTTP/1.1\r\n"))
        .isEqualTo(
            "x\r\nPOST http://localhost:9464/devstoreaccount1/T HTTP/1.1\r\n"
                + "DELETE /a/T(PartitionKey='p',RowKey='r') HTTP/1.1\r\n");
  }

  @Test
  void bodies_andOtherLines_areKept() {
    String body =
        "{\"Note\":\"POST /console/api/accounts/a/T HTTP/1.1\",\"Name\":\"Zoë\"}\r\n"
            + "POST /a/T HTTP/1.1\r\n";
    assertThat(unprefixed(body)).isEqualTo(body);
  }
}
