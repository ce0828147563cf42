package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.server.TabulaServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The data commands over HTTPS, as they reach Azure: the real command against a server with a
 * self-signed certificate for 127.0.0.1. Trusted through the JDK's standard {@code
 * javax.net.ssl.trustStore} property, an import and a query go through (several transactions, and
 * pages read as a stream); without it the command stops at once with one line that names the TLS
 * failure and how to trust a private certificate, instead of retrying a handshake that cannot pass.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DataCommandsTlsIT {
  private static final int ENTITIES = 1_250;
  private static final String PASSWORD = TestCertificates.PKCS12_PASSWORD;

  private Path dir;
  private TabulaServer server;
  private Path trustStore;
  private String connection;

  @BeforeAll
  void startServer() throws IOException, GeneralSecurityException {
    dir = TempDirs.create("tabula-data-tls-");
    TestCertificates certificates = TestCertificates.create(dir);
    server = TabulaServer.start(TestServers.inMemoryWithHttps(dir, certificates));
    trustStore = certificates.trustStore();
    String account = TestAccounts.DEVELOPMENT.name();
    connection =
        "DefaultEndpointsProtocol=https;AccountName="
            + account
            + ";AccountKey="
            + TestAccounts.DEVELOPMENT.key()
            + ";TableEndpoint="
            + server.httpsEndpoint(account)
            + ";";
  }

  @AfterAll
  void stopServer() {
    TestServers.closeAndDelete(server, dir);
  }

  private Map<String, String> trusting() {
    return Map.of(
        "JAVA_TOOL_OPTIONS",
        "-Djavax.net.ssl.trustStore="
            + trustStore
            + " -Djavax.net.ssl.trustStorePassword="
            + PASSWORD
            + " -Djavax.net.ssl.trustStoreType=PKCS12");
  }

  @Test
  void importAndQuery_overHttps_trustingTheCertificate() throws IOException {
    Path input = dir.resolve("rows.jsonl");
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < ENTITIES; i++) {
      lines.add(
          String.format(
              "{\"PartitionKey\":\"p%d\",\"RowKey\":\"%05d\",\"n@odata.type\":\"Edm.Int64\","
                  + "\"n\":\"%d\",\"s\":\"row %d\"}",
              i / 500, i, i * 1_000_000_007L, i));
    }
    Files.write(input, lines, StandardCharsets.UTF_8);

    TabulaCommand.Result imported =
        TabulaCommand.run(
            dir,
            trusting(),
            "import",
            "-c",
            connection,
            "--table",
            "overtls",
            "--input",
            input.toString(),
            "--progress",
            "none");
    assertThat(imported.status()).as(imported.stderr()).isZero();
    assertThat(imported.stderr()).contains("1,250 entities written, 0 rows refused");

    TabulaCommand.Result queried =
        TabulaCommand.run(
            dir, trusting(), "query", "-c", connection, "--table", "overtls", "--format", "jsonl");
    assertThat(queried.status()).as(queried.stderr()).isZero();
    List<String> read = queried.stdout().lines().toList();
    assertThat(read).hasSize(ENTITIES);
    assertThat(read.get(ENTITIES - 1))
        .contains("\"RowKey\":\"01249\"")
        .contains("\"n@odata.type\":\"Edm.Int64\",\"n\":\"1249000008743\"");
  }

  @Test
  void anUntrustedCertificate_stopsTheCommandAtOnce_inOneLine() {
    long start = System.nanoTime();
    TabulaCommand.Result listed = TabulaCommand.run(dir, Map.of(), "tables", "-c", connection);
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(listed.status()).isEqualTo(1);
    assertThat(listed.errorLines()).hasSize(1);
    assertThat(listed.errorLines().get(0))
        .startsWith(
            "tabula tables: TLS with " + server.httpsEndpoint(TestAccounts.DEVELOPMENT.name()))
        .contains("javax.net.ssl.trustStore");
    // Retrying the handshake six times would take 6 s of pauses; one refused handshake does not.
    assertThat(seconds).as("seconds").isLessThan(5.5);
  }
}
