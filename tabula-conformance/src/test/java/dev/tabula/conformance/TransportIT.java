package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.HttpsClients;
import dev.tabula.conformance.support.RawClient;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.server.TabulaServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The transport: HTTPS from PEM files next to plain HTTP on its own port, with the SDK trusting a
 * test certificate; and the hardening of the connection itself, driven over raw sockets against
 * shortened timeouts: idle connections and slowloris requests are closed, oversized request heads
 * get the service's 400 and never a 5xx. Engine-independent, so it runs once, on memory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TransportIT {
  private static final Duration IDLE = Duration.ofSeconds(2);
  private static final Duration REQUEST = Duration.ofSeconds(1);

  private Path dir;
  private TestCertificates certificates;
  private TabulaServer server;

  @BeforeAll
  void startServer() {
    dir = TempDirs.create("tabula-transport-");
    certificates = TestCertificates.create(dir);
    server =
        TabulaServer.start(
            TestServers.inMemory(
                dir, TestServers.httpsBeside(certificates).withTimeouts(IDLE, REQUEST)));
  }

  @AfterAll
  void stopServer() {
    TestServers.closeAndDelete(server, dir);
  }

  private TableServiceClient httpsClient() {
    return HttpsClients.sharedKey(
        server.httpsEndpoint(TestAccounts.DEVELOPMENT.name()),
        certificates,
        TestAccounts.DEVELOPMENT);
  }

  @Test
  void https_servesTheSdk_trustingAPemCertificate() {
    TableServiceClient service = httpsClient();
    String name = "t" + UUID.randomUUID().toString().replace("-", "");

    TableClient table = service.createTable(name);
    table.upsertEntity(new TableEntity("p", "r").addProperty("v", 42));

    assertThat(table.getEntity("p", "r").getProperty("v")).isEqualTo(42);
    assertThat(server.httpsPort()).isNotEqualTo(server.port());
    assertThat(new RawClient(server, TestAccounts.DEVELOPMENT).get("Tables").send().bodyText())
        .as("plain HTTP still serves on the main port")
        .contains(name);
  }

  @Test
  void https_withAnUntrustedCertificate_isRefusedByTheClient() {
    TableServiceClient untrusting =
        new TableServiceClientBuilder()
            .endpoint(server.httpsEndpoint(TestAccounts.DEVELOPMENT.name()))
            .credential(
                new AzureNamedKeyCredential(
                    TestAccounts.DEVELOPMENT.name(), TestAccounts.DEVELOPMENT.key()))
            .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))))
            .buildClient();

    assertThatThrownBy(() -> untrusting.listTables().iterator().hasNext())
        .hasStackTraceContaining("SSL");
  }

  @Test
  void idleConnection_isClosedAfterTheIdleTimeout() throws IOException {
    try (Socket socket = connect()) {
      long start = System.nanoTime();

      assertThat(socket.getInputStream().read()).isEqualTo(-1);
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(IDLE.minusMillis(500))
          .isLessThan(IDLE.plusSeconds(5));
    }
  }

  @Test
  void keptAliveConnection_isClosedWhenIdleAfterAnAnswer() throws IOException {
    try (Socket socket = connect()) {
      long start = System.nanoTime();
      send(socket, "GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      String answer = readUntilClosed(socket.getInputStream());

      // One answer (a 400: no x-ms-version), then the kept-alive connection waits until idle.
      assertThat(answer).startsWith("HTTP/1.1 400").containsOnlyOnce("HTTP/1.1");
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(IDLE.minusMillis(500));
    }
  }

  @Test
  void slowRequest_isClosedAtTheRequestDeadline_thoughNeverIdle() throws Exception {
    try (Socket socket = connect()) {
      long start = System.nanoTime();
      send(socket, "GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
      boolean closed = false;
      // A byte every 200 ms keeps the connection busy far longer than the idle timeout.
      for (int i = 0; i < 100 && !closed; i++) {
        Thread.sleep(200);
        try {
          send(socket, "a");
        } catch (SocketException reset) {
          closed = true;
        }
        closed = closed || socket.getInputStream().available() == 0 && isClosed(socket);
      }
      assertThat(closed).isTrue();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(IDLE.plusSeconds(3));
    }
  }

  @Test
  void oversizedHeaders_getTheServiceError_notA5xx() throws IOException {
    String big = "a".repeat(70 * 1024);
    String answer =
        exchange(
            "GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "X-Big: "
                + big
                + "\r\n\r\n");

    assertThat(answer)
        .startsWith("HTTP/1.1 400")
        .contains("x-ms-error-code: InvalidHeaderValue")
        .contains("x-ms-request-id");
  }

  @Test
  void oversizedUrl_getsInvalidUri_notA5xx() throws IOException {
    String answer =
        exchange(
            "GET /devstoreaccount1/"
                + "a".repeat(40 * 1024)
                + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

    assertThat(answer).startsWith("HTTP/1.1 400").contains("x-ms-error-code: InvalidUri");
  }

  @Test
  void garbage_getsA400_notA5xx() throws IOException {
    assertThat(exchange("\u0001\u0002 not http at all\r\n\r\n")).startsWith("HTTP/1.1 400");
  }

  @Test
  void refusedSignature_isNotEchoedInTheAnswer() throws IOException {
    String signature = "c2VjcmV0LXNpZ25hdHVyZS10aGF0LW11c3Qtbm90LWxlYWs=";
    String answer =
        exchange(
            "GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "x-ms-version: 2019-02-02\r\nx-ms-date: "
                + java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC))
                + "\r\nAuthorization: SharedKeyLite devstoreaccount1:"
                + signature
                + "\r\n"
                + "Connection: close\r\n\r\n");

    assertThat(answer)
        .startsWith("HTTP/1.1 403")
        .doesNotContain(signature)
        .doesNotContain(TestAccounts.DEVELOPMENT.key());
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    socket.setSoTimeout((int) IDLE.plusSeconds(10).toMillis());
    return socket;
  }

  private String exchange(String request) throws IOException {
    try (Socket socket = connect()) {
      send(socket, request);
      return readUntilClosed(socket.getInputStream());
    }
  }

  private static void send(Socket socket, String text) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  private static boolean isClosed(Socket socket) throws IOException {
    socket.setSoTimeout(1);
    try {
      return socket.getInputStream().read() == -1;
    } catch (java.net.SocketTimeoutException stillOpen) {
      return false;
    } catch (SocketException reset) {
      return true;
    } finally {
      socket.setSoTimeout((int) IDLE.plusSeconds(10).toMillis());
    }
  }

  /** Everything the server sends until it closes (the idle timeout closes kept-alive ones). */
  private static String readUntilClosed(InputStream in) throws IOException {
    try {
      return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    } catch (SocketException reset) {
      return "";
    }
  }
}
