package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tabula.conformance.support.EntitiesReplaced;
import dev.tabula.conformance.support.GatedEngine;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.RawResponse;
import dev.tabula.conformance.support.SharedKeySigner;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.Page;
import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.Entity;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.Transport;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 18: Query Entities pages are streamed with chunked transfer encoding, as the service
 * answers them (azure-sdk-for-js recordings:
 * tableclient_listentities/recording_should_list_by_page.js and, for Query Tables,
 * tableserviceclient_sasconnectionstring_listtables/recording_should_list_by_page.js both carry
 * 'Transfer-Encoding', 'chunked'), over raw sockets against a real server. A streamed answer keeps
 * its request in hand until its last chunk is written: the next pipelined request is not even
 * started before, so a client cannot make the server hold two answers at once; pipelined answers
 * come whole and in order. A page that fails midway ends with the connection, without its last
 * chunk; one that fails within what the worker encodes ahead (256 KiB) gets an ordinary 500. An
 * HTTP/1.0 client, which knows no chunks, gets the page whole with a Content-Length.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamedAnswersIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** DateTime properties: 20 bytes each by the service's size accounting, 67 of JSON. */
  private static final int DATE_PROPERTIES = 250;

  /**
   * Counts engine calls; its row "zz-bad" of any table is unreadable, as a damaged stored value.
   */
  private final GatedEngine gated =
      new GatedEngine(UnreadableRows.of(new MemoryStorageEngine(), "zz-bad"));

  private TabulaServer server;
  private RawClient client;
  private String bigTable;
  private String smallTable;
  private String brokenTable;
  private String earlyBrokenTable;

  @BeforeAll
  void startServer() {
    server =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withAccounts(TestAccounts.ALL), gated);
    client = new RawClient(server, TestAccounts.DEVELOPMENT);
    bigTable = tableWith(500, DATE_PROPERTIES);
    smallTable = tableWith(3, 1);
    // About 1.4 MiB of JSON before the unreadable row: well past what the worker encodes ahead.
    brokenTable = withUnreadableRow(tableWith(350, 60));
    earlyBrokenTable = withUnreadableRow(tableWith(10, 1));
  }

  @AfterAll
  void stopServer() {
    server.close();
  }

  @Test
  void aStreamedPage_keepsItsRequestInHand_untilItsLastChunk_andPipelinedAnswersComeInOrder()
      throws Exception {
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(16 * 1024); // before connecting, so the window stays small
      socket.connect(new InetSocketAddress("127.0.0.1", server.port()));
      socket.setSoTimeout(30_000);
      InputStream in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
      long scansBefore = gated.count("scan");
      socket
          .getOutputStream()
          .write(concat(query(bigTable, "HTTP/1.1"), tables(), query(smallTable, "HTTP/1.1")));

      // The first page is about 7 MiB of JSON: more than the kernel's socket buffers (up to 4 MiB)
      // and the connection's 1 MiB output bound hold while the client has read 1 MiB of it. Its
      // request is still in hand then, so the third request (a query) has not been started,
      // although the channel turned writable again many times while the client read.
      Head first = Head.read(in);
      ByteArrayOutputStream firstBody = new ByteArrayOutputStream();
      readChunks(in, firstBody, 1024 * 1024);
      Thread.sleep(500);
      assertThat(gated.count("scan") - scansBefore).as("queries started").isEqualTo(1);

      readChunks(in, firstBody, Long.MAX_VALUE);
      assertThat(first.headers)
          .containsEntry("transfer-encoding", "chunked")
          .doesNotContainKey("content-length");
      JsonNode page = JSON.readTree(firstBody.toByteArray());
      assertThat(firstBody.size()).as("larger than what the buffers hold").isGreaterThan(6_500_000);
      assertThat(page.get("value").size()).isBetween(300, 500);

      Head second = Head.read(in);
      assertThat(second.headers).containsKey("content-length"); // a table list: small, whole
      assertThat(
              JSON.readTree(in.readNBytes(Integer.parseInt(second.headers.get("content-length"))))
                  .get("value"))
          .isNotEmpty();
      // A page that was encoded whole ahead on the worker (under 256 KiB) goes with its length.
      Head third = Head.read(in);
      assertThat(third.headers)
          .containsKey("content-length")
          .doesNotContainKey("transfer-encoding");
      assertThat(
              JSON.readTree(in.readNBytes(Integer.parseInt(third.headers.get("content-length"))))
                  .get("value"))
          .hasSize(3);
      assertThat(gated.count("scan") - scansBefore).isEqualTo(2);
    }
  }

  @Test
  void aPageThatFailsMidway_endsWithTheConnection_withoutTheLastChunk_andNothingAfterItStarts()
      throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(30_000);
      InputStream in = new BufferedInputStream(socket.getInputStream());
      long scansBefore = gated.count("scan");
      // Rows r0000..r0349 sort before "zz-bad".
      socket
          .getOutputStream()
          .write(concat(query(brokenTable, "HTTP/1.1"), query(smallTable, "HTTP/1.1")));

      Head head = Head.read(in);
      assertThat(head.status).isEqualTo(200);
      assertThat(head.headers).containsEntry("transfer-encoding", "chunked");
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      assertThatThrownBy(() -> readChunks(in, body, Long.MAX_VALUE))
          .as("the connection ends before the last chunk")
          .isInstanceOf(IOException.class);
      assertThat(body.size()).as("some chunks came first").isGreaterThan(1024 * 1024);
      // The failed answer was the request in hand; the one pipelined behind it never started.
      assertThat(gated.count("scan") - scansBefore).isEqualTo(1);
    }
    assertThat(client.get("Tables").send().status()).as("the server goes on").isEqualTo(200);
  }

  @Test
  void aPageThatFailsBeforeAnythingIsSent_getsAnOrdinaryErrorAnswer() {
    // The worker encodes the first 256 KiB before the status is sent: a failure there is a 500.
    RawResponse answer = client.get(earlyBrokenTable + "()").exchange();

    assertThat(answer.status()).isEqualTo(500);
    assertThat(answer.header("x-ms-error-code")).isEqualTo("InternalError");
    assertThat(client.get("Tables").send().status()).isEqualTo(200);
  }

  @Test
  void aReaderThatStalls_isClosedByTheIdleTimeout_withoutTheLastChunk() throws Exception {
    Duration idle = Duration.ofSeconds(2);
    try (TabulaServer idling =
            TabulaServer.start(
                ServerConfig.defaults()
                    .withPort(0)
                    .withAccounts(TestAccounts.ALL)
                    .withTransport(Transport.DEFAULTS.withTimeouts(idle, Duration.ofSeconds(30))));
        Socket socket = new Socket()) {
      String table =
          tableWith(new RawClient(idling, TestAccounts.DEVELOPMENT), 400, DATE_PROPERTIES);
      socket.setReceiveBufferSize(16 * 1024);
      socket.connect(new InetSocketAddress("127.0.0.1", idling.port()));
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(query(table, "HTTP/1.1"));

      Thread.sleep(idle.toMillis() * 3); // the page (5.6 MiB) stalls in the buffers meanwhile
      InputStream in = new BufferedInputStream(socket.getInputStream());
      assertThat(Head.read(in).headers).containsEntry("transfer-encoding", "chunked");
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      // What the kernel held still comes; the rest, and the last chunk, never do.
      assertThatThrownBy(() -> readChunks(in, body, Long.MAX_VALUE))
          .isInstanceOf(IOException.class);
    }
  }

  @Test
  void anHttp10Client_getsThePageWhole_withItsContentLength() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(30_000);
      InputStream in = new BufferedInputStream(socket.getInputStream());
      socket.getOutputStream().write(query(bigTable, "HTTP/1.0"));

      Head head = Head.read(in);
      assertThat(head.status).isEqualTo(200);
      assertThat(head.headers).doesNotContainKey("transfer-encoding").containsKey("content-length");
      byte[] body = in.readNBytes(Integer.parseInt(head.headers.get("content-length")));
      assertThat(JSON.readTree(body).get("value").size()).isBetween(300, 500);
      assertThat(in.read()).as("closed after the answer (no keep-alive)").isEqualTo(-1);
    }
  }

  /** Reads chunks into {@code body} until it holds {@code atLeast} bytes or the last chunk came. */
  private static void readChunks(InputStream in, ByteArrayOutputStream body, long atLeast)
      throws IOException {
    while (body.size() < atLeast) {
      int size = Integer.parseInt(Head.line(in), 16);
      if (size == 0) {
        Head.line(in);
        return;
      }
      byte[] chunk = in.readNBytes(size);
      if (chunk.length < size) {
        throw new IOException("the connection ended in a chunk");
      }
      body.write(chunk);
      Head.line(in);
    }
  }

  private String withUnreadableRow(String table) {
    assertThat(
            client
                .post(table)
                .json("{\"PartitionKey\":\"p\",\"RowKey\":\"zz-bad\",\"s\":\"\u00e9\"}")
                .header("Prefer", "return-no-content")
                .send()
                .status())
        .isEqualTo(204);
    return table;
  }

  private String tableWith(int count, int dates) {
    return tableWith(client, count, dates);
  }

  private static String tableWith(RawClient client, int count, int dates) {
    String table = "t" + UUID.randomUUID().toString().replace("-", "");
    assertThat(client.post("Tables").json("{\"TableName\":\"" + table + "\"}").send().status())
        .isEqualTo(201);
    for (int i = 0; i < count; i++) {
      StringBuilder json =
          new StringBuilder("{\"PartitionKey\":\"p\",\"RowKey\":\"")
              .append(String.format(Locale.ROOT, "r%04d", i))
              .append('"');
      for (int d = 0; d < dates; d++) {
        String name = "" + (char) ('a' + d / 26) + (char) ('a' + d % 26);
        json.append(",\"")
            .append(name)
            .append("@odata.type\":\"Edm.DateTime\",\"")
            .append(name)
            .append("\":\"2026-12-01T18:")
            .append(10 + d % 50)
            .append(":21.1234567Z\"");
      }
      assertThat(
              client
                  .post(table)
                  .json(json.append('}').toString())
                  .header("Prefer", "return-no-content")
                  .send()
                  .status())
          .isEqualTo(204);
    }
    return table;
  }

  /** A storage engine whose rows with one key come back with a value that cannot be decoded. */
  static final class UnreadableRows {
    private UnreadableRows() {}

    static StorageEngine of(StorageEngine engine, String rowKey) {
      EntityStore store = engine.entities();
      EntityStore damaging =
          (EntityStore)
              Proxy.newProxyInstance(
                  EntityStore.class.getClassLoader(),
                  new Class<?>[] {EntityStore.class},
                  (proxy, method, args) -> {
                    Object result;
                    try {
                      result = method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                      throw e.getCause();
                    }
                    return result instanceof Page page ? damaged(page, rowKey) : result;
                  });
      return EntitiesReplaced.of(engine, damaging);
    }

    private static Page damaged(Page page, String rowKey) {
      List<Entity> entities = new ArrayList<>(page.entities());
      entities.replaceAll(
          entity ->
              !entity.rowKey().equals(rowKey)
                  ? entity
                  : new Entity(
                      entity.partitionKey(),
                      entity.rowKey(),
                      entity.timestamp(),
                      Map.of(
                          "s",
                          EdmString.ofEncoded(
                              new byte[] {(byte) 0xC3, (byte) 0xA9},
                              bytes -> {
                                throw new IllegalStateException("a damaged stored value");
                              }))));
      return new Page(
          entities, page.resumeKey(), page.stopReason(), page.scanned(), page.keptBytes());
    }
  }

  private static byte[] query(String table, String version) {
    return signedGet("/" + table + "()", version, "");
  }

  private static byte[] tables() {
    return signedGet("/Tables", "HTTP/1.1", "");
  }

  private static byte[] signedGet(String resource, String version, String query) {
    String account = TestAccounts.DEVELOPMENT.name();
    String path = "/" + account + resource;
    String date = SharedKeySigner.httpDate(ZonedDateTime.now());
    String signature =
        SharedKeySigner.sign(
            TestAccounts.DEVELOPMENT.key(),
            SharedKeySigner.liteStringToSign(
                date, SharedKeySigner.canonicalResource(account, path, null)));
    return ("GET "
            + path
            + query
            + " "
            + version
            + "\r\nHost: 127.0.0.1\r\n"
            + "x-ms-version: 2019-02-02\r\nx-ms-date: "
            + date
            + "\r\n"
            + "Accept: application/json;odata=minimalmetadata\r\n"
            + "Authorization: SharedKeyLite "
            + account
            + ":"
            + signature
            + "\r\n\r\n")
        .getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      all.writeBytes(part);
    }
    return all.toByteArray();
  }

  /** An answer's status and headers (names in lower case). */
  private record Head(int status, Map<String, String> headers) {
    static Head read(InputStream in) throws IOException {
      String status = line(in);
      Map<String, String> headers = new LinkedHashMap<>();
      for (String line = line(in); !line.isEmpty(); line = line(in)) {
        int colon = line.indexOf(':');
        headers.put(
            line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            line.substring(colon + 1).trim());
      }
      return new Head(Integer.parseInt(status.split(" ")[1]), headers);
    }

    static String line(InputStream in) throws IOException {
      StringBuilder line = new StringBuilder();
      for (int c = in.read(); c != '\n'; c = in.read()) {
        if (c < 0) {
          throw new IOException("the connection ended in a line");
        }
        if (c != '\r') {
          line.append((char) c);
        }
      }
      return line.toString();
    }
  }
}
