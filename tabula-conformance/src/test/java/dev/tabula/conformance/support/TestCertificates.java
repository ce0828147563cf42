package dev.tabula.conformance.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made at test time with the JDK's own
 * {@code keytool} (no extra library), and written out as the PEM files {@code tabula serve
 * --tls-cert/--tls-key} takes: the certificate, and the key in PKCS#8 form. The PKCS#12 file
 * keytool made ({@link #pkcs12()}, password {@link #PKCS12_PASSWORD}) is kept too.
 *
 * @param certificate the certificate (PEM)
 * @param key the private key (PKCS#8 PEM)
 */
public record TestCertificates(Path certificate, Path key) {
  /** The password of {@link #pkcs12()}. */
  public static final String PKCS12_PASSWORD = "changeit";

  private static final String PASSWORD = PKCS12_PASSWORD;

  /** Makes a fresh key pair and certificate in {@code dir}. */
  public static TestCertificates create(Path dir) {
    Path store = dir.resolve("test.p12");
    String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    run(
        List.of(
            keytool,
            "-genkeypair",
            "-alias",
            "tabula",
            "-keyalg",
            "RSA",
            "-keysize",
            "2048",
            "-validity",
            "2",
            "-dname",
            "CN=127.0.0.1",
            "-ext",
            "SAN=ip:127.0.0.1,dns:localhost",
            "-storetype",
            "PKCS12",
            "-keystore",
            store.toString(),
            "-storepass",
            PASSWORD,
            "-keypass",
            PASSWORD));
    try (InputStream in = Files.newInputStream(store)) {
      KeyStore keyStore = KeyStore.getInstance("PKCS12");
      keyStore.load(in, PASSWORD.toCharArray());
      Certificate certificate = keyStore.getCertificate("tabula");
      PrivateKey key = (PrivateKey) keyStore.getKey("tabula", PASSWORD.toCharArray());
      Path certPem = dir.resolve("cert.pem");
      Path keyPem = dir.resolve("key.pem");
      Files.writeString(certPem, pem("CERTIFICATE", certificate.getEncoded()));
      Files.writeString(keyPem, pem("PRIVATE KEY", key.getEncoded()));
      return new TestCertificates(certPem, keyPem);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The PKCS#12 file that holds the same key and certificate, alias {@code tabula}. */
  public Path pkcs12() {
    return certificate.resolveSibling("test.p12");
  }

  /**
   * A PKCS#12 trust store (password {@link #PKCS12_PASSWORD}) that trusts this certificate only,
   * for a JVM given it with {@code -Djavax.net.ssl.trustStore}; written next to the certificate.
   */
  public Path trustStore() {
    Path store = certificate.resolveSibling("trust.p12");
    try (OutputStream out = Files.newOutputStream(store)) {
      trusting(certificate).store(out, PASSWORD.toCharArray());
      return store;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A TLS context for a client that trusts this certificate only. */
  public SSLContext clientContext() {
    return clientContext(certificate);
  }

  /** A TLS context for a client that trusts {@code certificate} (PEM) only. */
  public static SSLContext clientContext(Path certificate) {
    try {
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusting(certificate));
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KeyStore trusting(Path certificate) throws GeneralSecurityException {
    try (InputStream pem = Files.newInputStream(certificate)) {
      KeyStore trusted = KeyStore.getInstance("PKCS12");
      trusted.load(null, null);
      trusted.setCertificateEntry(
          "tabula", CertificateFactory.getInstance("X.509").generateCertificate(pem));
      return trusted;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The certificate's serial number, which tells two certificates apart. */
  public BigInteger serial() {
    try (InputStream in = Files.newInputStream(pkcs12())) {
      KeyStore keyStore = KeyStore.getInstance("PKCS12");
      keyStore.load(in, PASSWORD.toCharArray());
      return ((X509Certificate) keyStore.getCertificate("tabula")).getSerialNumber();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs the JDK's {@code keytool} with these arguments; it must succeed. */
  public static void keytool(String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    run(command);
  }

  private static String pem(String type, byte[] der) {
    String body =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
  }

  private static void run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException("keytool failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
