package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.KeptAliveConnection;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.ServerProcess;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.Account;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tabula serve} in a JVM of its own, stopped by SIGTERM as a process manager or container
 * runtime stops it: a request in flight still gets its whole answer, an idle kept-alive connection
 * is closed at once, the process prints one line saying so and exits with status 0, and what was
 * written is there after a restart.
 *
 * <p>The request in flight is a query whose answer (a page of entities of 200 Int64 properties
 * each: with their type annotations, several MB of JSON) is far larger than the server's output
 * buffers (1 MiB), read by a client whose receive buffer is tiny: its answer has begun, but cannot
 * be written whole until the client reads it, so it is in flight when the signal arrives, for as
 * long as the test likes. Seen to fail: with the drain removed ({@code TabulaServer.stop} calling
 * only {@code close()}) the answer is cut off midway and the stop line says "drained 0 requests";
 * with the default signal handling the exit status is 143.
 */
class GracefulStopIT {
  private static final Account ACCOUNT = TestAccounts.DEVELOPMENT;
  private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC");
  private static final int ENTITIES = 600;
  private static final int PROPERTIES = 200;
  private static final Pattern STOPPED =
      Pattern.compile("^Tabula stopped: drained (\\d+) requests? in \\d+ ms$");

  @TempDir Path dataDir;

  @Test
  void sigterm_answersTheRequestInFlight_closesIdleConnections_andExitsZero() {
    ServerProcess server = ServerProcess.start(dataDir, JVM, List.of("--drain-timeout", "60"));
    RawResponse answer;
    int status;
    try (KeptAliveConnection idle = KeptAliveConnection.open(server.port(), ACCOUNT);
        KeptAliveConnection slow = KeptAliveConnection.openReadingSlowly(server.port(), ACCOUNT)) {
      writeLargeEntities(service(server).createTable("drain"));
      assertThat(idle.listTables(true).status()).isEqualTo(200);
      slow.sendGet(
          "/" + ACCOUNT.name() + "/drain()", "application/json;odata=minimalmetadata", true);
      slow.awaitAnswerBegun();

      server.terminate();

      // The idle connection is closed while the large answer still waits to be read.
      assertThat(idle.isClosedByServer()).isTrue();
      answer = slow.readResponse(); // fails if the body ends before its last chunk
      status = server.awaitExitStatus();
    }

    assertThat(answer.status()).isEqualTo(200);
    String json = new String(answer.body(), StandardCharsets.UTF_8);
    assertThat(json).endsWith("]}");
    assertThat(json.split("\"RowKey\"", -1).length - 1).isGreaterThan(100);
    assertThat(answer.body().length).isGreaterThan(4 * 1024 * 1024);
    assertThat(status).as(String.join("\n", server.outputLines())).isZero();
    List<String> stopLines =
        server.outputLines().stream().filter(line -> line.startsWith("Tabula stopped")).toList();
    assertThat(stopLines).hasSize(1);
    Matcher stopped = STOPPED.matcher(stopLines.get(0));
    assertThat(stopped.matches()).as(stopLines.get(0)).isTrue();
    assertThat(Integer.parseInt(stopped.group(1))).isEqualTo(1);

    try (ServerProcess again = ServerProcess.start(dataDir, JVM, List.of())) {
      TableClient table = service(again).getTableClient("drain");
      assertThat(
              table
                  .listEntities(new ListEntitiesOptions().setSelect(List.of("RowKey")), null, null)
                  .stream()
                  .count())
          .isEqualTo(ENTITIES);
    }
  }

  @Test
  void banner_namesVersionEngineDataPortsAndHowToStop() {
    ServerProcess server = ServerProcess.start(dataDir, JVM, List.of());
    server.terminate();
    assertThat(server.awaitExitStatus()).isZero();

    List<String> lines = server.outputLines();
    assertThat(lines.get(0)).matches("Tabula \\d+\\.\\d+\\.\\d+.*");
    assertThat(lines)
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("Tabula listening on http://127.0.0.1:" + server.port())
                    .contains("engine rocksdb", "data " + dataDir.toAbsolutePath()))
        .anySatisfy(line -> assertThat(line).contains("Ctrl-C", "SIGTERM"))
        .anySatisfy(line -> assertThat(line).matches("Tabula stopped: drained 0 requests in .*"));
  }

  /**
   * {@value #ENTITIES} entities of {@value #PROPERTIES} Int64 properties, in batches of 100: a
   * query page holds hundreds of them, and each property takes some 60 bytes of JSON with its type.
   */
  private static void writeLargeEntities(TableClient table) {
    for (int b = 0; b < ENTITIES / 100; b++) {
      List<TableTransactionAction> batch = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        TableEntity entity = new TableEntity("p", String.format("r%04d", b * 100 + i));
        for (int p = 0; p < PROPERTIES; p++) {
          entity.addProperty(String.format("p%03d", p), 1_234_567_890_123_456_789L + p);
        }
        batch.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
      }
      table.submitTransaction(batch);
    }
  }

  private static TableServiceClient service(ServerProcess server) {
    return Clients.service(
        "DefaultEndpointsProtocol=http;AccountName="
            + ACCOUNT.name()
            + ";AccountKey="
            + ACCOUNT.key()
            + ";TableEndpoint="
            + server.endpoint(ACCOUNT.name())
            + ";");
  }
}
