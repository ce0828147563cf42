package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tabula.conformance.support.ConsoleClient;
import dev.tabula.conformance.support.ConsoleClient.Answer;
import dev.tabula.conformance.support.ConsoleServer;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The console's two export slots (docs/console.md) under clients that stop reading or go away: an
 * export refused because both are taken ends its ticket with the reason, so the page polling it
 * stops (it showed "Exporting… 0" for ever), and the slots come back once the stalled clients close
 * their connections mid-download.
 *
 * <p>Watched red on the code before it: the busy export's ticket was left redeemed but never done
 * (found done=false). Broken once, and watched red: the slot's release taken out of ExportStream
 * (the export after the stalled clients left got 503 until the deadline).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConsoleExportSlotsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ACCOUNT = ConsoleServer.ACCOUNT;
  private static final long WAIT_MILLIS = 20_000;

  /** More than loopback's socket buffers hold, so an export to a client not reading stalls. */
  private static final int LARGE_ROWS = 12_000;

  @Test
  void busyExport_endsItsTicket_andSlotsComeBackOnDisconnect() throws Exception {
    try (ConsoleServer server = ConsoleServer.start()) {
      ConsoleClient console = server.console();
      create(console, "Large");
      create(console, "Small");
      fillLarge(console);
      List<Socket> stalled = new ArrayList<>();
      try {
        for (int i = 0; i < 2; i++) {
          stalled.add(stalledExport(server.adminPort()));
        }
        String ticket = ticket(console, "Small");
        Answer busy =
            console.header("X-Tabula-Console", null).get(exportPath("Small") + "&ticket=" + ticket);
        assertThat(busy.status()).isEqualTo(503);
        JsonNode status =
            JSON.readTree(console.get("/console/api/export-status?ticket=" + ticket).body());
        assertThat(status.get("done").asBoolean()).as(status.toString()).isTrue();
        assertThat(status.get("error").asText()).contains("busy");
      } finally {
        for (Socket socket : stalled) {
          socket.close();
        }
      }
      assertThat(awaitExport(console, "Small")).isEqualTo(200);
      assertThat(awaitExport(console, "Small")).isEqualTo(200); // and the second slot
    }
  }

  private static String exportPath(String table) {
    return "/console/api/export/" + ACCOUNT + "/" + table + "?format=jsonl";
  }

  private static void create(ConsoleClient console, String table) throws Exception {
    Answer created =
        console.send(
            "POST", ConsoleServer.ACCOUNT_API + "Tables", "{\"TableName\":\"" + table + "\"}");
    assertThat(created.status()).isEqualTo(201);
  }

  /** {@value #LARGE_ROWS} rows of some 4 KB into Large, in slices the console takes whole. */
  private static void fillLarge(ConsoleClient console) throws Exception {
    ConsoleClient client = console.header("Content-Type", "application/octet-stream");
    String pad = "x".repeat(4000);
    StringBuilder slice = new StringBuilder();
    for (int i = 0; i < LARGE_ROWS; i++) {
      slice.append(
          String.format(
              "{\"PartitionKey\":\"p%d\",\"RowKey\":\"%06d\",\"Pad\":\"%s\"}\n", i / 500, i, pad));
      if (slice.length() > 3_000_000 || i == LARGE_ROWS - 1) {
        Answer answer =
            client.send(
                "POST",
                "/console/api/import/" + ACCOUNT + "/Large?format=jsonl&last=1",
                slice.toString());
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(JSON.readTree(answer.body()).get("failed")).isEmpty();
        slice.setLength(0);
      }
    }
  }

  /**
   * An export of Large whose client reads the first bytes of the answer (so the export holds its
   * slot) and then nothing more.
   */
  private static Socket stalledExport(int port) throws Exception {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
    socket.setSoTimeout(20_000);
    String head =
        "GET "
            + exportPath("Large")
            + " HTTP/1.1\r\nHost: 127.0.0.1:"
            + port
            + "\r\nX-Tabula-Console: 1\r\n\r\n";
    socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
    socket.getOutputStream().flush();
    InputStream in = socket.getInputStream();
    byte[] status = in.readNBytes("HTTP/1.1 200".length());
    assertThat(new String(status, StandardCharsets.ISO_8859_1)).isEqualTo("HTTP/1.1 200");
    return socket;
  }

  private static String ticket(ConsoleClient console, String table) throws Exception {
    Answer issued =
        console.send(
            "POST",
            "/console/api/export-tickets?account=" + ACCOUNT + "&table=" + table + "&format=jsonl",
            null);
    assertThat(issued.status()).isEqualTo(200);
    return JSON.readTree(issued.body()).get("ticket").asText();
  }

  /** The status of an export of {@code table} once it is not 503, or 503 at the deadline. */
  private static int awaitExport(ConsoleClient console, String table) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (true) {
      int status = console.get(exportPath(table)).status();
      if (status != 503 || System.currentTimeMillis() > deadline) {
        return status;
      }
      Thread.sleep(50); // a poll under a deadline: the stalled exports end as their sockets close
    }
  }
}
