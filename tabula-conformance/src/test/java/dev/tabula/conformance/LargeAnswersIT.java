package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tabula.conformance.support.GatedEngine;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.SharedKeySigner;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 18: large answers are bounded. A query over large entities comes in pages of at most 2 MiB
 * of entities, each streamed (chunked) and complete and valid even when read slowly, and following
 * the continuations gives every entity once; a client that pipelines requests for large answers and
 * never reads is not read further once its unsent answers pass the output bound, while other
 * connections are served, and gets every answer once it reads. Over raw sockets against the RocksDB
 * engine.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LargeAnswersIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** 12 strings of 32K characters: about 768 KiB by the service's accounting, 384 KiB of JSON. */
  private static final int BIG_STRINGS = 12;

  private Path dir;
  private TabulaServer server;
  private RawClient client;

  /** A second server, on memory, whose engine counts its calls. */
  private final GatedEngine gated = new GatedEngine(new MemoryStorageEngine());

  private TabulaServer gatedServer;

  @BeforeAll
  void startServer() {
    dir = TempDirs.create("tabula-large-answers-");
    server =
        TabulaServer.start(
            ServerConfig.defaults()
                .withPort(0)
                .withEngine(EngineKind.ROCKSDB, dir)
                .withAccounts(TestAccounts.ALL));
    client = new RawClient(server, TestAccounts.DEVELOPMENT);
    gatedServer =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withAccounts(TestAccounts.ALL), gated);
  }

  @AfterAll
  void stopServer() {
    gatedServer.close();
    TestServers.closeAndDelete(server, dir);
  }

  @Test
  void queryOfLargeEntities_readSlowly_comesInBoundedCompleteStreamedPages() throws Exception {
    String table = tableWith(30, BIG_STRINGS);
    List<String> rows = new ArrayList<>();
    String next = "";
    int pages = 0;
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(30_000);
      socket.setReceiveBufferSize(16 * 1024);
      InputStream in = new BufferedInputStream(socket.getInputStream(), 8 * 1024);
      do {
        socket.getOutputStream().write(queryRequest(table, next, ""));
        Answer answer = Answer.read(in, 2);
        assertThat(answer.status).isEqualTo(200);
        // Streamed as the service streams its pages (azure-sdk-for-js recordings,
        // tableclient_listentities/recording_should_list_by_page.js: Transfer-Encoding chunked),
        // and complete: Answer.read fails on a connection that ends before the last chunk.
        assertThat(answer.headers)
            .containsEntry("transfer-encoding", "chunked")
            .doesNotContainKey("content-length");
        JsonNode page = JSON.readTree(answer.body);
        JsonNode value = page.get("value");
        // 2 MiB of entities: three of these (the third is read before the bound is reached).
        assertThat(value.size()).isBetween(1, 3);
        for (JsonNode entity : value) {
          assertThat(entity.get("s0").asText()).hasSize(32 * 1024);
          assertThat(entity.get("s" + (BIG_STRINGS - 1)).asText()).hasSize(32 * 1024);
          rows.add(entity.get("RowKey").asText());
        }
        next = continuation(answer.headers);
        pages++;
      } while (next != null && pages < 100);
    }
    assertThat(rows).hasSize(30).isSorted().doesNotHaveDuplicates();
    assertThat(pages).isEqualTo(10);
  }

  @Test
  void pipeliningClientThatNeverReads_isNotReadFurther_whileOthersAreServed() throws Exception {
    RawClient gatedClient = new RawClient(gatedServer, TestAccounts.DEVELOPMENT);
    String table = tableWith(gatedClient, 1, 4); // one entity, about 128 KiB of JSON an answer
    int requests = 4000;
    byte[] request = queryRequest(table, "", "");
    AtomicLong sent = new AtomicLong();
    try (Socket greedy = new Socket()) {
      greedy.setReceiveBufferSize(16 * 1024); // before connecting, so the window stays small
      greedy.setSendBufferSize(16 * 1024);
      greedy.connect(new InetSocketAddress("127.0.0.1", gatedServer.port()));
      greedy.setSoTimeout(30_000);
      long scansBefore = gated.count("scan");
      Thread writer = new Thread(() -> sendAll(greedy, request, requests, sent));
      writer.start();
      awaitStall(sent, writer);
      long started = gated.count("scan") - scansBefore;

      // 4,000 requests for 500 MiB of answers. The socket buffers take a few hundred requests, and
      // without a bound the server answered every one it could read (250 here). It now starts only
      // as many as fit the kernel's send buffer (up to 4 MiB, tcp_wmem), then its own 1 MiB
      // output bound: about 35 of 128 KiB.
      assertThat(writer.isAlive()).as("the writer blocked").isTrue();
      assertThat(started).as("queries run for a client that does not read").isBetween(1L, 60L);
      assertThat(gatedClient.get("Tables").send().status())
          .as("another connection is served")
          .isEqualTo(200);

      // Once the client reads, every answer comes, in order, and the writer finishes.
      InputStream in = new BufferedInputStream(greedy.getInputStream(), 64 * 1024);
      for (int i = 0; i < requests; i++) {
        Answer answer = Answer.read(in, 0);
        assertThat(answer.status).isEqualTo(200);
        assertThat(JSON.readTree(answer.body).get("value").size()).isEqualTo(1);
      }
      writer.join(30_000);
      assertThat(sent.get()).isEqualTo(request.length * (long) requests);
    }
  }

  /** Waits until the writer has sent nothing for a second (or finished); returns what it sent. */
  private static long awaitStall(AtomicLong sent, Thread writer) throws InterruptedException {
    long last = -1;
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (writer.isAlive() && System.nanoTime() < deadline) {
      long now = sent.get();
      if (now == last) {
        return now;
      }
      last = now;
      Thread.sleep(1000);
    }
    return sent.get();
  }

  private static void sendAll(Socket socket, byte[] request, int count, AtomicLong sent) {
    try {
      OutputStream out = socket.getOutputStream();
      for (int i = 0; i < count; i++) {
        out.write(request);
        sent.addAndGet(request.length);
      }
      out.flush();
    } catch (IOException e) {
      // The test fails on the count.
    }
  }

  /** A new table of {@code count} entities in one partition, each {@code strings} × 32K chars. */
  private String tableWith(int count, int strings) {
    return tableWith(client, count, strings);
  }

  private static String tableWith(RawClient client, int count, int strings) {
    String table = "t" + UUID.randomUUID().toString().replace("-", "");
    assertThat(client.post("Tables").json("{\"TableName\":\"" + table + "\"}").send().status())
        .isEqualTo(201);
    for (int i = 0; i < count; i++) {
      StringBuilder json =
          new StringBuilder("{\"PartitionKey\":\"p\",\"RowKey\":\"")
              .append(String.format(Locale.ROOT, "r%04d", i))
              .append('"');
      for (int s = 0; s < strings; s++) {
        json.append(",\"s")
            .append(s)
            .append("\":\"")
            .append(String.valueOf((char) ('a' + (i + s) % 26)).repeat(32 * 1024))
            .append('"');
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

  /** A signed Query Entities request; {@code next} is "" for the first page, else the query. */
  private static byte[] queryRequest(String table, String next, String padding) {
    String account = TestAccounts.DEVELOPMENT.name();
    String path = "/" + account + "/" + table + "()";
    String date = SharedKeySigner.httpDate(ZonedDateTime.now());
    String signature =
        SharedKeySigner.sign(
            TestAccounts.DEVELOPMENT.key(),
            SharedKeySigner.liteStringToSign(
                date, SharedKeySigner.canonicalResource(account, path, null)));
    return ("GET "
            + path
            + next
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nx-ms-version: 2019-02-02\r\n"
            + "x-ms-date: "
            + date
            + "\r\nAccept: application/json;odata=nometadata\r\n"
            + (padding.isEmpty() ? "" : "X-Padding: " + padding + "\r\n")
            + "Authorization: SharedKeyLite "
            + account
            + ":"
            + signature
            + "\r\n\r\n")
        .getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String continuation(Map<String, String> headers) {
    String partition = headers.get("x-ms-continuation-nextpartitionkey");
    if (partition == null) {
      return null;
    }
    return "?NextPartitionKey="
        + URLEncoder.encode(partition, StandardCharsets.UTF_8)
        + "&NextRowKey="
        + URLEncoder.encode(headers.get("x-ms-continuation-nextrowkey"), StandardCharsets.UTF_8);
  }

  /**
   * One answer read off the socket by its Content-Length or its chunks, slowly if asked: a pause
   * after every 16 KiB. A chunked body must end with its zero-length chunk.
   */
  private record Answer(int status, Map<String, String> headers, byte[] body) {
    static Answer read(InputStream in, int pauseMillisPerSlice) throws IOException {
      String status = line(in);
      Map<String, String> headers = new LinkedHashMap<>();
      for (String line = line(in); !line.isEmpty(); line = line(in)) {
        int colon = line.indexOf(':');
        headers.put(
            line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            line.substring(colon + 1).trim());
      }
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      if ("chunked".equals(headers.get("transfer-encoding"))) {
        for (int size = Integer.parseInt(line(in), 16);
            size > 0;
            size = Integer.parseInt(line(in), 16)) {
          readSlowly(in, size, body, pauseMillisPerSlice);
          line(in);
        }
        line(in);
      } else {
        readSlowly(
            in,
            Integer.parseInt(headers.getOrDefault("content-length", "0")),
            body,
            pauseMillisPerSlice);
      }
      return new Answer(Integer.parseInt(status.split(" ")[1]), headers, body.toByteArray());
    }

    private static void readSlowly(
        InputStream in, int length, ByteArrayOutputStream body, int pauseMillisPerSlice)
        throws IOException {
      byte[] slice = new byte[16 * 1024];
      int end = body.size() + length;
      while (body.size() < end) {
        int n = in.read(slice, 0, Math.min(slice.length, end - body.size()));
        if (n < 0) {
          throw new IOException("the answer ended after " + body.size() + " bytes");
        }
        body.write(slice, 0, n);
        sleep(pauseMillisPerSlice);
      }
    }

    private static void sleep(int millis) {
      if (millis > 0) {
        try {
          Thread.sleep(millis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }

    private static String line(InputStream in) throws IOException {
      StringBuilder line = new StringBuilder();
      for (int c = in.read(); c != '\n'; c = in.read()) {
        if (c < 0) {
          throw new IOException("the connection ended in an answer's head");
        }
        if (c != '\r') {
          line.append((char) c);
        }
      }
      return line.toString();
    }
  }
}
