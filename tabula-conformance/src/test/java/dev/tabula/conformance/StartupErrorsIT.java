package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TabulaCommand.Result;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.server.EngineKind;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operator mistakes, made with the real {@code tabula serve} in a JVM of its own: each is answered
 * with exactly one line on standard error that says what is wrong and where the value came from, no
 * stack trace (unless {@code --debug}), and exit status 2; a bad port is refused before the data
 * directory is created.
 *
 * <p>Seen to fail: with {@code TabulaCli}'s execution exception handler removed and the port's
 * range check widened, the unknown engine and the taken port printed stack traces and exited 1, and
 * {@code --port 70000} got as far as Netty ("port out of range") and exited 1.
 */
class StartupErrorsIT {
  private static final String KEY = "c2VjcmV0LWtleS1ub3QtdG8tYmUtcHJpbnRlZA==";

  @TempDir Path work;

  @Test
  void portOutOfRange_isRefusedBeforeTheDataDirectoryIsCreated() {
    assertOperatorError(
        serve("--port", "70000"), "tabula: --port: 70000 is out of range (0 to 65535)");
    assertOperatorError(serve("--port", "-1"), "tabula: --port: -1 is out of range (0 to 65535)");
    assertThat(work.resolve("tabula-data")).doesNotExist();
  }

  @Test
  void portThatIsNotANumber_isAUsageError() {
    assertOperatorError(
        serve("--port", "abc"),
        "tabula: Invalid value for option '--port': 'abc' is not an int"
            + " (see 'tabula serve --help')");
    assertThat(work.resolve("tabula-data")).doesNotExist();
  }

  @Test
  void malformedEnvironmentValue_namesTheVariable() {
    assertOperatorError(
        TabulaCommand.run(work, Map.of("TABULA_PORT", "abc"), "serve"),
        "tabula: TABULA_PORT: 'abc' is not a number");
    assertThat(work.resolve("tabula-data")).doesNotExist();
  }

  @Test
  void portInUse_namesThePortAndTheFlag() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertOperatorError(
          serve("--in-memory", "--port", "" + port),
          "tabula: port "
              + port
              + " is already in use (set by --port; choose another with --port or TABULA_PORT)");
    }
  }

  @Test
  void httpsPortInUse_namesTheHttpsFlag() throws IOException {
    TestCertificates tls = TestCertificates.create(work);
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertOperatorError(
          serve(
              "--in-memory",
              "--port",
              "0",
              "--tls-cert",
              tls.certificate().toString(),
              "--tls-key",
              tls.key().toString(),
              "--https-port",
              "" + port),
          "tabula: port "
              + port
              + " is already in use (set by --https-port; choose another with --https-port or"
              + " TABULA_HTTPS_PORT)");
    }
  }

  @Test
  void adminPortInUse_namesTheAdminFlag() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertOperatorError(
          serve("--in-memory", "--port", "0", "--admin-port", "" + port),
          "tabula: port "
              + port
              + " is already in use (set by --admin-port; choose another with --admin-port or"
              + " TABULA_ADMIN_PORT)");
    }
  }

  @Test
  void badLoggingAndMetricsSettings_nameTheSettingAndTheChoices() {
    assertOperatorError(
        serve("--in-memory", "--log-level", "loud"),
        "tabula: --log-level must be one of error, warn, info, debug, trace, not 'loud'");
    assertOperatorError(
        TabulaCommand.run(work, Map.of("TABULA_ACCESS_LOG", "xml"), "serve", "--in-memory"),
        "tabula: TABULA_ACCESS_LOG must be one of off, plain, json, not 'xml'");
    assertOperatorError(
        serve("--in-memory", "--hot-partitions", "0"),
        "tabula: --hot-partitions: 0 is out of range (1 to 1000)");
  }

  @Test
  void unreachableCassandraCluster_isOneLineAndExitStatusOne() throws IOException {
    int closed;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = free.getLocalPort(); // nothing listens there once the socket is closed
    }
    Result result =
        serve("--engine", "cassandra", "--cassandra-contact-points", "127.0.0.1:" + closed);

    // The driver's own warning about the node it could not reach is a log line; the answer to the
    // operator is the last line, and the only one of its kind.
    assertThat(result.status()).as(result.stderr()).isEqualTo(1);
    List<String> lines = result.errorLines();
    assertThat(lines).filteredOn(line -> line.startsWith("tabula:")).hasSize(1);
    assertThat(lines.get(lines.size() - 1))
        .startsWith(
            "tabula: cannot open the Cassandra engine on 127.0.0.1:"
                + closed
                + " (--cassandra-contact-points): ")
        .endsWith("the --cassandra-* settings (data center, credentials, TLS).");
    assertThat(result.stderr()).doesNotContain("\tat ", "at dev.tabula");
  }

  @Test
  void unknownEngine_listsTheChoices() {
    assertOperatorError(
        serve("--engine", "foo"),
        "tabula: --engine: unknown engine 'foo'; choose one of rocksdb, memory, cassandra");
  }

  @Test
  void dataDirectoryThatIsAFile_isRefused() throws IOException {
    Path file = Files.writeString(work.resolve("data"), "not a directory");
    assertOperatorError(
        serve("--port", "0", "--data-dir", file.toString()),
        "tabula: the data directory "
            + file
            + " (--data-dir) is a file, not a directory; choose another with --data-dir or"
            + " TABULA_DATA_DIR");
  }

  @Test
  void dataDirectoryOfAnotherRunningServer_isRefusedPlainly() {
    Path dir = work.resolve("shared");
    try (TabulaServer first =
        TabulaServer.start(
            ServerConfig.defaults().withPort(0).withEngine(EngineKind.ROCKSDB, dir))) {
      assertThat(first.port()).isPositive();
      assertOperatorError(
          serve("--port", "0", "--data-dir", dir.toString()),
          "tabula: the data directory "
              + dir
              + " (--data-dir) is in use by another running Tabula server; stop that one, or"
              + " choose another directory with --data-dir or TABULA_DATA_DIR");
    }
  }

  @Test
  void unknownConfigFileKey_isNamedWithTheLikelyMeantOne() throws IOException {
    Path config = Files.writeString(work.resolve("tabula.properties"), "prot=8080\nworkers=3\n");
    assertOperatorError(
        serve("--config", config.toString()),
        "tabula: config file " + config + ": unknown key 'prot' (did you mean 'port'?)");
  }

  @Test
  void malformedConfigFileValue_namesTheFileAndKey() throws IOException {
    Path config = Files.writeString(work.resolve("tabula.properties"), "workers=many\n");
    assertOperatorError(
        serve("--config", config.toString()),
        "tabula: config file " + config + ": workers: 'many' is not a number");
  }

  @Test
  void missingConfigFile_isNamed() {
    Path config = work.resolve("missing.properties");
    assertOperatorError(
        serve("--config", config.toString()),
        "tabula: cannot read the config file " + config + " (--config): no such file");
  }

  @Test
  void badAccountDefinitions_sayWhatIsWrong_withoutPrintingTheKey() {
    Result noColon = serve("--in-memory", "--account", KEY);
    assertOperatorError(
        noColon,
        "tabula: --account: account #1 has no ':' between its name and its key"
            + " (an account is name:base64key[:base64key2])");
    Result notBase64 =
        TabulaCommand.run(
            work, Map.of("TABULA_ACCOUNTS", "alice:" + KEY + ";bob:" + KEY + "*"), "serve");
    assertOperatorError(
        notBase64,
        "tabula: TABULA_ACCOUNTS: the key of account 'bob' is not base64"
            + " (an account is name:base64key[:base64key2])");
    assertThat(noColon.stderr() + notBase64.stderr()).doesNotContain(KEY.substring(0, 12));
  }

  @Test
  void missingTlsFiles_areNamed() {
    Path cert = work.resolve("cert.pem");
    assertOperatorError(
        serve("--in-memory", "--tls-cert", cert.toString(), "--tls-key", "key.pem"),
        "tabula: the TLS certificate " + cert + " (--tls-cert) does not exist");
    assertOperatorError(
        serve("--in-memory", "--tls-key", "key.pem"),
        "tabula: --tls-key needs --tls-cert (or TABULA_TLS_CERT) too: HTTPS takes a certificate");
  }

  @Test
  void unknownOption_isOneLine() {
    Result result = serve("--prot", "8080");
    assertThat(result.status()).isEqualTo(2);
    assertThat(result.errorLines()).hasSize(1);
    assertThat(result.stderr())
        .startsWith("tabula: Unknown option")
        .contains("'--prot'", "(see 'tabula serve --help')");
  }

  @Test
  void debug_addsTheStackTrace() {
    for (Result result :
        new Result[] {
          serve("--debug", "--engine", "foo"),
          TabulaCommand.run(work, Map.of("TABULA_DEBUG", "true"), "serve", "--engine", "foo")
        }) {
      assertThat(result.status()).isEqualTo(2);
      assertThat(result.errorLines().get(0)).startsWith("tabula: --engine: unknown engine 'foo'");
      assertThat(result.stderr()).contains("\tat dev.tabula.server.");
    }
  }

  private Result serve(String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "serve";
    System.arraycopy(args, 0, command, 1, args.length);
    return TabulaCommand.run(work, Map.of(), command);
  }

  private static void assertOperatorError(Result result, String line) {
    assertThat(result.status()).as(result.stderr()).isEqualTo(2);
    assertThat(result.errorLines()).containsExactly(line);
    assertThat(result.stderr()).doesNotContain("Exception", "at dev.tabula");
    assertThat(result.stdout()).isEmpty();
  }
}
