package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.KeptAliveConnection;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.SharedKeySigner;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.server.Account;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * HTTP/1.1 pipelining over a raw socket: requests written at once, without waiting for answers, are
 * answered in the order they were sent, and each sees the writes sent before it, although on the
 * RocksDB engine a write is answered when its log sync completes while a point read from memory
 * could be answered at once. A refusal (a body over the limit, a head that is not HTTP) comes after
 * the answers to the requests before it, then the connection closes; so does a request asking to
 * close.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PipelinedRequestsIT {
  private static final Account ACCOUNT = TestAccounts.DEVELOPMENT;
  private static final String TABLE = "pipelined";

  private Path dir;
  private TabulaServer server;

  @BeforeAll
  void startServer() {
    dir = TempDirs.create("tabula-pipelined-");
    server =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withEngine(EngineKind.ROCKSDB, dir)
                .withAccounts(TestAccounts.ALL));
    Clients.service(server, ACCOUNT).createTable(TABLE);
  }

  @AfterAll
  void stopServer() {
    TestServers.closeAndDelete(server, dir);
  }

  @Test
  void answers_comeInTheOrderAsked_andAReadSeesTheWriteSentBeforeIt() {
    try (KeptAliveConnection connection = open()) {
      connection.send(
          insert("a", "1", 7)
              + read("a", "1")
              + read("a", "missing")
              + listTables()
              + delete("a", "1")
              + read("a", "1"));

      List<RawResponse> answers = readAnswers(connection, 6);

      assertThat(answers)
          .extracting(RawResponse::status)
          .containsExactly(201, 200, 404, 200, 204, 404);
      assertThat(answers.get(1).json().get("v").asInt()).isEqualTo(7);
      assertThat(answers.get(2).errorCode()).isEqualTo("ResourceNotFound");
    }
  }

  @Test
  void manyPipelinedWritesAndReads_eachReadSeesTheWriteJustBeforeIt() {
    StringBuilder requests = new StringBuilder();
    int pairs = 150; // some 90 KiB: more than one read of the socket brings in
    for (int i = 0; i < pairs; i++) {
      requests.append(upsert("many", "r" + i % 3, i)).append(read("many", "r" + i % 3));
    }
    try (KeptAliveConnection connection = open()) {
      connection.send(requests.toString());

      List<RawResponse> answers = readAnswers(connection, 2 * pairs);

      for (int i = 0; i < pairs; i++) {
        assertThat(answers.get(2 * i).status()).as("upsert %d", i).isEqualTo(204);
        RawResponse read = answers.get(2 * i + 1);
        assertThat(read.status()).as("read %d", i).isEqualTo(200);
        assertThat(read.json().get("v").asInt()).as("read %d", i).isEqualTo(i);
      }
      // The connection is still in order for a request sent after them all.
      assertThat(connection.listTables(true).status()).isEqualTo(200);
    }
  }

  @Test
  void aBodyOverTheLimit_isRefusedAfterTheAnswersBeforeIt_thenTheConnectionCloses() {
    try (KeptAliveConnection connection = open()) {
      connection.send(
          insert("b", "1", 1)
              + read("b", "1")
              + "POST /"
              + ACCOUNT.name()
              + "/"
              + TABLE
              + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
              + "Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{");

      List<RawResponse> answers = readAnswers(connection, 3);

      assertThat(answers).extracting(RawResponse::status).containsExactly(201, 200, 413);
      assertThat(answers.get(2).errorCode()).isEqualTo("RequestBodyTooLarge");
      assertThat(connection.isClosedByServer()).isTrue();
    }
  }

  @Test
  void aHeadThatIsNotHttp_isRefusedAfterTheAnswersBeforeIt_thenTheConnectionCloses() {
    try (KeptAliveConnection connection = open()) {
      connection.send(insert("c", "1", 1) + "this is not http\r\n\r\n" + read("c", "1"));

      List<RawResponse> answers = readAnswers(connection, 2);

      assertThat(answers).extracting(RawResponse::status).containsExactly(201, 400);
      assertThat(connection.isClosedByServer()).isTrue();
    }
  }

  @Test
  void aRequestAskingToClose_isTheLastAnswered() {
    try (KeptAliveConnection connection = open()) {
      String closing = read("d", "1").replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n");
      connection.send(insert("d", "1", 1) + closing + read("d", "1"));

      List<RawResponse> answers = readAnswers(connection, 2);

      assertThat(answers).extracting(RawResponse::status).containsExactly(201, 200);
      assertThat(connection.isClosedByServer()).isTrue();
    }
  }

  private KeptAliveConnection open() {
    return KeptAliveConnection.open(server.port(), ACCOUNT);
  }

  private static List<RawResponse> readAnswers(KeptAliveConnection connection, int count) {
    List<RawResponse> answers = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      answers.add(connection.readResponse());
    }
    return answers;
  }

  private static String insert(String partition, String row, int value) {
    return signed("POST", "/" + TABLE, "", entity(partition, row, value));
  }

  private static String upsert(String partition, String row, int value) {
    return signed("PUT", entityPath(partition, row), "", entity(partition, row, value));
  }

  private static String read(String partition, String row) {
    return signed("GET", entityPath(partition, row), "", null);
  }

  private static String delete(String partition, String row) {
    return signed("DELETE", entityPath(partition, row), "If-Match: *\r\n", null);
  }

  private static String listTables() {
    return signed("GET", "/Tables", "", null);
  }

  private static String entityPath(String partition, String row) {
    return "/" + TABLE + "(PartitionKey='" + partition + "',RowKey='" + row + "')";
  }

  private static String entity(String partition, String row, int value) {
    return "{\"PartitionKey\":\""
        + partition
        + "\",\"RowKey\":\""
        + row
        + "\",\"v\":"
        + value
        + "}";
  }

  /** One request signed with SharedKeyLite, kept alive; a body is sent as JSON. */
  private static String signed(
      String method, String pathAfterAccount, String headers, String body) {
    String path = "/" + ACCOUNT.name() + pathAfterAccount;
    String date = SharedKeySigner.httpDate(ZonedDateTime.now());
    String signature =
        SharedKeySigner.sign(
            ACCOUNT.key(),
            SharedKeySigner.liteStringToSign(
                date, SharedKeySigner.canonicalResource(ACCOUNT.name(), path, null)));
    byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    return method
        + " "
        + path
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nx-ms-version: 2019-02-02\r\n"
        + "x-ms-date: "
        + date
        + "\r\nAccept: application/json;odata=nometadata\r\n"
        + "Authorization: SharedKeyLite "
        + ACCOUNT.name()
        + ":"
        + signature
        + "\r\n"
        + headers
        + (body == null ? "" : "Content-Type: application/json\r\n")
        + "Content-Length: "
        + content.length
        + "\r\n\r\n"
        + (body == null ? "" : body);
  }
}
