package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.ConsoleClient;
import dev.tabula.conformance.support.ConsoleClient.Answer;
import dev.tabula.conformance.support.ConsoleServer;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.server.EngineKind;
import dev.tabula.server.TabulaServer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The console on a real server's admin listener (docs/console.md): the page and the vendored
 * modules with their security headers, the Host and {@code X-Tabula-Console} checks, the session,
 * and the Table service of an account forwarded exactly (status, ETag, error codes, the query plan
 * and continuation headers), on every engine.
 *
 * <p>Broken once each, and watched red: the Host check made to accept any name
 * (foreignHost_isRefused), the console header check removed (apiWithoutConsoleHeader_isRefused),
 * the segment check of ConsoleAssets made to accept dots (pathsThatClimb_areNotFound), the hash in
 * the CSP computed over the page instead of the map (page_carriesItsSecurityHeaders).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConsoleIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DEV = ConsoleServer.ACCOUNT_API;

  private static ConsoleServer running;
  private static TabulaServer server;
  private static ConsoleClient console;

  @BeforeAll
  static void start() {
    running = ConsoleServer.start();
    server = running.server();
    console = running.console();
  }

  @AfterAll
  static void stop() {
    if (running != null) {
      running.close();
    }
  }

  static Stream<EngineKind> engines() {
    return EngineUnderTest.everyEngine().stream()
        .map(EngineUnderTest::engine)
        .filter(engine -> engine != EngineKind.CASSANDRA);
  }

  @Test
  void console_redirectsToItsPage() throws Exception {
    Answer answer = console.get("/console");
    assertThat(answer.status()).isEqualTo(301);
    assertThat(answer.header("Location")).isEqualTo("/console/");
  }

  @Test
  void page_carriesItsSecurityHeaders() throws Exception {
    Answer page = console.get("/console/");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
    assertThat(page.text()).contains("<title>Tabula Console</title>");
    assertThat(page.header("Cache-Control")).isEqualTo("no-cache");
    assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
    assertThat(page.header("X-Frame-Options")).isEqualTo("DENY");
    String csp = page.header("Content-Security-Policy");
    assertThat(csp)
        .startsWith("default-src 'self'; script-src 'self' 'sha256-" + importMapHash(page.text()))
        .contains("frame-ancestors 'none'")
        .doesNotContain("unsafe-inline")
        .doesNotContain("unsafe-eval");
  }

  private static String importMapHash(String page) throws Exception {
    String open = "<script type=\"importmap\">";
    int start = page.indexOf(open) + open.length();
    String map = page.substring(start, page.indexOf("</script>", start));
    return Base64.getEncoder()
        .encodeToString(
            MessageDigest.getInstance("SHA-256").digest(map.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void modules_areServedFromTheJar() throws Exception {
    for (String path :
        List.of(
            "/console/app.js",
            "/console/live.js",
            "/console/vendor/preact/dist/preact.module.js",
            "/console/vendor/preact/hooks/dist/hooks.module.js",
            "/console/vendor/uplot/dist/uPlot.esm.js")) {
      Answer module = console.get(path);
      assertThat(module.status()).as(path).isEqualTo(200);
      assertThat(module.header("Content-Type"))
          .as(path)
          .isEqualTo("text/javascript; charset=utf-8");
      assertThat(module.header("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(module.body().length).as(path).isGreaterThan(100);
    }
    Answer css = console.get("/console/vendor/uplot/dist/uPlot.min.css");
    assertThat(css.status()).isEqualTo(200);
    assertThat(css.header("Content-Type")).isEqualTo("text/css; charset=utf-8");
  }

  @Test
  void pathsThatClimb_areNotFound() throws Exception {
    for (String path :
        List.of(
            "/console/../metrics",
            "/console/../web/app.js",
            "/console/..%2f..%2fversion.properties",
            "/console/%2e%2e/%2e%2e/version.properties",
            "/console/vendor/preact/../../web/index.html",
            "/console/vendor/preact/%2E%2E/10.27.2/dist/preact.module.js",
            "/console/.%2e/vendor.properties",
            "/console/..\\..\\version.properties",
            "/console//etc/passwd",
            "/console/missing.js",
            "/console/vendor/preact/README.md")) {
      assertThat(console.get(path).status()).as(path).isEqualTo(404);
    }
  }

  @Test
  void foreignHost_isRefused() throws Exception {
    int port = server.adminPort();
    for (String host : List.of("evil.example:" + port, "127.0.0.1:1", "localhost", "127.0.0.2")) {
      assertThat(console.host(host).get("/console/api/session").status()).as(host).isEqualTo(403);
      assertThat(console.host(host).get("/console/").status()).as(host).isEqualTo(403);
    }
    assertThat(console.host(null).get("/console/api/session").status()).isEqualTo(403);
    for (String host : List.of("localhost:" + port, "LOCALHOST:" + port, "[::1]:" + port)) {
      assertThat(console.host(host).get("/console/api/session").status()).as(host).isEqualTo(200);
    }
  }

  @Test
  void apiWithoutConsoleHeader_isRefused() throws Exception {
    Answer answer = console.header("X-Tabula-Console", null).get("/console/api/session");
    assertThat(answer.status()).isEqualTo(403);
    assertThat(answer.text()).contains("X-Tabula-Console");
    ConsoleClient wrong = console.header("X-Tabula-Console", "yes");
    assertThat(wrong.get(DEV + "Tables").status()).isEqualTo(403);
  }

  @Test
  void session_namesTheAccountsAndTheEngine() throws Exception {
    Answer answer = console.get("/console/api/session");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).startsWith("application/json");
    JsonNode session = JSON.readTree(answer.body());
    assertThat(session.get("engine").asText()).isEqualTo("memory");
    assertThat(session.get("version").asText()).isNotBlank();
    assertThat(session.get("accounts").toString()).isEqualTo("[\"devstoreaccount1\",\"second\"]");
    assertThat(answer.text()).doesNotContain(TestAccounts.DEVELOPMENT.key());
  }

  @Test
  void dataListener_servesNoConsole() throws Exception {
    Answer answer =
        new ConsoleClient(server.port())
            .host("127.0.0.1:" + server.port())
            .get("/console/api/session");
    assertThat(answer.status()).isNotEqualTo(200);
    assertThat(answer.text()).doesNotContain("devstoreaccount1\",");
  }

  @Test
  void adminPathsOutsideTheConsole_keepTheirSmallBodies() throws Exception {
    assertThat(console.announce("POST", "/backup", 5000).status()).isEqualTo(413);
    assertThat(console.announce("POST", "/metrics", 4097).status()).isEqualTo(413);
  }

  /** A $batch whose operations name their URLs through the console, or as the service's. */
  private static void assertBatchForwarded(ConsoleClient client, int adminPort) throws Exception {
    String batch =
        "--batch_1\r\nContent-Type: multipart/mixed; boundary=changeset_1\r\n\r\n"
            + operation("http://127.0.0.1:" + adminPort + DEV + "Console", "b1")
            + operation("/devstoreaccount1/Console", "b2")
            + "--changeset_1--\r\n--batch_1--\r\n";
    Answer batched =
        client
            .header("Content-Type", "multipart/mixed; boundary=batch_1")
            .send("POST", DEV + "$batch", batch);
    assertThat(batched.status()).isEqualTo(202);
    assertThat(batched.text().split("HTTP/1.1 204 No Content", -1)).hasSize(3);
    assertThat(client.get(DEV + "Console(PartitionKey='b',RowKey='b1')").status()).isEqualTo(200);
  }

  /** One insert of a changeset, into {@code url}, of the entity b/{@code rowKey}. */
  private static String operation(String url, String rowKey) {
    return "--changeset_1\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary"
        + "\r\n\r\nPOST "
        + url
        + " HTTP/1.1\r\nContent-Type: application/json\r\nPrefer: return-no-content\r\n\r\n"
        + "{\"PartitionKey\":\"b\",\"RowKey\":\""
        + rowKey
        + "\"}\r\n";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void accountApi_answersAsTheServiceDoes(EngineKind engine) throws Exception {
    try (ConsoleServer started = ConsoleServer.start(engine)) {
      TabulaServer own = started.server();
      ConsoleClient client = started.console();
      Answer created = client.send("POST", DEV + "Tables", "{\"TableName\":\"Console\"}");
      assertThat(created.status()).isEqualTo(201);
      assertThat(created.header("x-tabula-elapsed-ms")).matches("\\d+\\.\\d{3}");

      // Larger than the admin listener's own 4 KiB bound: the console takes the service's.
      String big = "b".repeat(20_000);
      Answer inserted =
          client.send(
              "POST",
              DEV + "Console",
              "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Big\":\"" + big + "\"}");
      assertThat(inserted.status()).isEqualTo(201);
      String etag = inserted.header("ETag");
      assertThat(etag).startsWith("W/\"datetime'");

      // The data listener sees what the console wrote.
      TableEntity read =
          Clients.service(own, TestAccounts.DEVELOPMENT)
              .getTableClient("Console")
              .getEntity("p", "r");
      assertThat(read.getProperty("Big")).isEqualTo(big);

      Answer stale =
          client
              .header("If-Match", "W/\"datetime'2000-01-01T00%3A00%3A00Z'\"")
              .send("PUT", DEV + "Console(PartitionKey='p',RowKey='r')", "{\"A\":1}");
      assertThat(stale.status()).isEqualTo(412);
      assertThat(stale.header("x-ms-error-code")).isEqualTo("UpdateConditionNotSatisfied");

      Answer merged =
          client
              .header("If-Match", etag)
              .send("MERGE", DEV + "Console(PartitionKey='p',RowKey='r')", "{\"A\":1}");
      assertThat(merged.status()).isEqualTo(204);
      assertThat(merged.header("ETag")).isNotEqualTo(etag);

      for (int i = 0; i < 3; i++) {
        client.send("POST", DEV + "Console", "{\"PartitionKey\":\"q\",\"RowKey\":\"" + i + "\"}");
      }
      Answer page =
          client
              .header("x-tabula-query-stats", "true")
              .get(DEV + "Console()?$filter=PartitionKey%20eq%20'q'&$top=2");
      assertThat(page.status()).isEqualTo(200);
      assertThat(JSON.readTree(page.body()).get("value")).hasSize(2);
      assertThat(page.header("x-ms-continuation-NextPartitionKey")).isNotNull();
      assertThat(page.header("x-ms-continuation-NextRowKey")).isNotNull();
      assertThat(page.header("x-tabula-query-plan")).startsWith("partition").contains("returned=2");

      assertBatchForwarded(client, own.adminPort());

      Answer otherAccount = client.get("/console/api/accounts/nosuchaccount/Tables");
      assertThat(otherAccount.status()).isBetween(400, 404);
    }
  }
}
