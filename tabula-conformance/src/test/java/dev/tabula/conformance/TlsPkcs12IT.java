package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.HttpsClients;
import dev.tabula.conformance.support.TabulaCommand;
import dev.tabula.conformance.support.TabulaCommand.Result;
import dev.tabula.conformance.support.TestAccounts;
import dev.tabula.conformance.support.TestCertificates;
import dev.tabula.conformance.support.TestServers;
import dev.tabula.server.TabulaServer;
import dev.tabula.server.TlsFiles;
import dev.tabula.server.Transport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTPS from a PKCS#12 ({@code .pfx}) file and its password, as Azurite serves one ({@code --cert
 * file.pfx --pwd ...}): the official SDK over it, trusting the certificate; and each file that
 * cannot be served refused at startup by the real {@code tabula serve}, with one line, exit status
 * 2, and never the password.
 */
class TlsPkcs12IT {
  private static final String WRONG = "not-the-Passw0rd";

  @TempDir Path work;
  private TestCertificates certificates;

  @BeforeEach
  void makeCertificate() {
    certificates = TestCertificates.create(work);
  }

  @Test
  void theSdk_overHttps_fromAPkcs12File() {
    Transport transport =
        Transport.DEFAULTS.withTls(
            TlsFiles.pkcs12(certificates.pkcs12(), TestCertificates.PKCS12_PASSWORD), -1);
    try (TabulaServer server = TabulaServer.start(TestServers.inMemory(work, transport))) {
      TableServiceClient service = httpsClient(server);

      TableClient table = service.createTable("pfx");
      table.upsertEntity(new TableEntity("p", "r").addProperty("v", 7));

      assertThat(server.endpoint(TestAccounts.DEVELOPMENT.name())).startsWith("https://");
      assertThat(table.getEntity("p", "r").getProperty("v")).isEqualTo(7);
    }
  }

  @Test
  void aPkcs12File_isTakenByTheRealCommand_withItsPasswordFromTheEnvironment() throws IOException {
    // Not served, or the process would run until stopped: a port in use stops it after the TLS
    // files were read and the HTTPS context built (that comes first), so this line says they were
    // accepted.
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      Result result =
          TabulaCommand.run(
              work,
              Map.of("TABULA_TLS_PASSWORD", TestCertificates.PKCS12_PASSWORD),
              "serve",
              "--in-memory",
              "--port",
              "" + port,
              "--tls-cert",
              certificates.pkcs12().toString(),
              "--tls-alias",
              "tabula");
      assertOperatorError(
          result,
          "tabula: port "
              + port
              + " is already in use (set by --port; choose another with --port or TABULA_PORT)");
    }
  }

  @Test
  void aWrongPassword_isOneLine_withoutThePassword() {
    Path pfx = certificates.pkcs12();
    String line =
        "tabula: the password of the PKCS#12 file "
            + pfx
            + " is wrong (--tls-password,"
            + " TABULA_TLS_PASSWORD or tls-password)";
    assertOperatorError(
        TabulaCommand.run(
            work,
            Map.of("TABULA_TLS_PASSWORD", WRONG),
            "serve",
            "--in-memory",
            "--tls-cert",
            pfx.toString()),
        line);
    assertOperatorError(serve("--tls-cert", pfx.toString(), "--tls-password", WRONG), line);
    assertOperatorError(
        serve("--tls-cert", pfx.toString()),
        "tabula: the PKCS#12 file "
            + pfx
            + " has a password: give it with TABULA_TLS_PASSWORD or the config file's"
            + " tls-password");
  }

  @Test
  void aFileThatIsNotPkcs12_isOneLine() throws IOException {
    Path text = Files.writeString(work.resolve("notes.pfx"), "not a certificate\n");
    assertOperatorError(
        serve("--tls-cert", text.toString(), "--tls-password", WRONG),
        "tabula: the TLS certificate "
            + text
            + " is neither PEM (-----BEGIN CERTIFICATE-----) nor a PKCS#12 (.pfx) file");
    // DER that is not PKCS#12: the certificate alone, as "openssl x509 -outform der" writes it.
    Path der = work.resolve("cert.der");
    TestCertificates.keytool(
        "-exportcert",
        "-alias",
        "tabula",
        "-keystore",
        certificates.pkcs12().toString(),
        "-storepass",
        TestCertificates.PKCS12_PASSWORD,
        "-file",
        der.toString());
    Result result = serve("--tls-cert", der.toString(), "--tls-password", WRONG);
    assertThat(result.status()).isEqualTo(2);
    assertThat(result.errorLines())
        .singleElement()
        .asString()
        .startsWith(
            "tabula: the TLS certificate " + der + " is not a PKCS#12 file that can be read: ");
    assertThat(result.stderr()).doesNotContain(WRONG, "Exception", "at dev.tabula");
  }

  @Test
  void aFileWithNoKey_isOneLine() {
    Path noKey = work.resolve("no-key.p12");
    TestCertificates.keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "ca",
        "-file",
        certificates.certificate().toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        noKey.toString(),
        "-storepass",
        "s3cret-store");
    Result result =
        TabulaCommand.run(
            work,
            Map.of("TABULA_TLS_PASSWORD", "s3cret-store"),
            "serve",
            "--in-memory",
            "--tls-cert",
            noKey.toString());
    assertOperatorError(
        result,
        "tabula: the PKCS#12 file "
            + noKey
            + " holds no private key, only certificates; export the certificate with its key:"
            + " openssl pkcs12 -export -in cert.pem -inkey key.pem -out server.pfx");
  }

  @Test
  void aFileWithSeveralKeys_needsTheAliasOfOne() {
    Path pfx = certificates.pkcs12();
    TestCertificates.keytool(
        "-genkeypair",
        "-alias",
        "second",
        "-keyalg",
        "EC",
        "-dname",
        "CN=localhost",
        "-storetype",
        "PKCS12",
        "-keystore",
        pfx.toString(),
        "-storepass",
        TestCertificates.PKCS12_PASSWORD);
    Map<String, String> password = Map.of("TABULA_TLS_PASSWORD", TestCertificates.PKCS12_PASSWORD);
    assertOperatorError(
        TabulaCommand.run(work, password, "serve", "--in-memory", "--tls-cert", pfx.toString()),
        "tabula: the PKCS#12 file "
            + pfx
            + " holds 2 private keys ('tabula', 'second'): choose one with --tls-alias (or"
            + " TABULA_TLS_ALIAS, tls-alias)");
    assertOperatorError(
        TabulaCommand.run(
            work,
            password,
            "serve",
            "--in-memory",
            "--tls-cert",
            pfx.toString(),
            "--tls-alias",
            "third"),
        "tabula: the PKCS#12 file "
            + pfx
            + " holds no private key named 'third' (--tls-alias); it holds 'tabula', 'second'");
  }

  @Test
  void aPemCertificate_stillNeedsItsKey_andAPkcs12FileNone() {
    assertOperatorError(
        serve("--tls-cert", certificates.certificate().toString()),
        "tabula: the TLS certificate "
            + certificates.certificate()
            + " is PEM, so its key is needed too (--tls-key or TABULA_TLS_KEY); or give a PKCS#12"
            + " (.pfx) file, which holds both");
    assertOperatorError(
        TabulaCommand.run(
            work,
            Map.of("TABULA_TLS_PASSWORD", TestCertificates.PKCS12_PASSWORD),
            "serve",
            "--in-memory",
            "--tls-cert",
            certificates.pkcs12().toString(),
            "--tls-key",
            certificates.key().toString()),
        "tabula: the TLS certificate "
            + certificates.pkcs12()
            + " is a PKCS#12 file, which holds its own key: leave out --tls-key"
            + " (TABULA_TLS_KEY, tls-key)");
  }

  @Test
  void aKeyThatIsNotTheCertificates_isOneLine() throws IOException {
    TestCertificates other = TestCertificates.create(Files.createDirectory(work.resolve("other")));
    assertOperatorError(
        serve(
            "--tls-cert",
            certificates.certificate().toString(),
            "--tls-key",
            other.key().toString()),
        "tabula: the TLS key "
            + other.key()
            + " does not belong to the certificate "
            + certificates.certificate()
            + " (the certificate's public key is not its)");
  }

  private Result serve(String... args) {
    String[] all = new String[args.length + 2];
    all[0] = "serve";
    all[1] = "--in-memory";
    System.arraycopy(args, 0, all, 2, args.length);
    return TabulaCommand.run(work, Map.of(), all);
  }

  private static void assertOperatorError(Result result, String line) {
    assertThat(result.status()).as(result.stderr()).isEqualTo(2);
    assertThat(result.errorLines()).containsExactly(line);
    assertThat(result.stderr())
        .doesNotContain("Exception", "at dev.tabula", WRONG, TestCertificates.PKCS12_PASSWORD);
    assertThat(result.stdout()).isEmpty();
  }

  private TableServiceClient httpsClient(TabulaServer server) {
    return HttpsClients.sharedKey(
        server.endpoint(TestAccounts.DEVELOPMENT.name()), certificates, TestAccounts.DEVELOPMENT);
  }
}
