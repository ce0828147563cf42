package dev.tabula.server;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a PEM certificate chain and a PKCS#8 PEM private key ({@code -----BEGIN PRIVATE KEY-----})
 * with the JDK alone. A PKCS#1 or SEC1 key ({@code -----BEGIN RSA PRIVATE KEY-----}, {@code EC
 * PRIVATE KEY}) is refused with the command that converts it, since the JDK cannot read those forms
 * without an extra library; an encrypted one with the command that decrypts it.
 *
 * <p>Why by hand (checked again for issue 22): Java 17 has no public PEM reader (the PEM API of JEP
 * 470 is a preview of JDK 25). {@code CertificateFactory.generateCertificates} reads PEM
 * certificates itself, but fails on a file that also holds the key (a combined PEM, which this
 * reads, taking the CERTIFICATE blocks only), and the key still needs the blocks read here. Netty
 * reads PEM only behind {@code SslContextBuilder.forServer(File, File)} (its {@code PemReader} is
 * package-private, {@code SslContext.toPrivateKey} protected): that gives no key to check against
 * the certificate ({@link ServerKey}'s match check) and answers with its own multi-line exceptions
 * instead of one line naming the file. The few lines below keep both.
 */
final class PemKeys {
  private static final Pattern BLOCK =
      Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");

  private PemKeys() {}

  /**
   * @throws IllegalArgumentException naming the file when either is not what it should be
   */
  static ServerKey parse(Path certificatePath, byte[] certificate, Path keyPath, byte[] key) {
    return new ServerKey(privateKey(keyPath, key), chain(certificatePath, certificate));
  }

  private static List<X509Certificate> chain(Path path, byte[] content) {
    List<X509Certificate> chain = new ArrayList<>();
    try {
      CertificateFactory factory = CertificateFactory.getInstance("X.509");
      for (byte[] der : blocks(content, "CERTIFICATE")) {
        chain.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
      }
    } catch (CertificateException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the TLS certificate " + path + " holds a certificate that cannot be read: " + e, e);
    }
    if (chain.isEmpty()) {
      throw new IllegalArgumentException(
          "the TLS certificate " + path + " holds no -----BEGIN CERTIFICATE----- block");
    }
    return chain;
  }

  private static PrivateKey privateKey(Path path, byte[] content) {
    String text = new String(content, StandardCharsets.ISO_8859_1);
    if (text.contains("BEGIN RSA PRIVATE KEY") || text.contains("BEGIN EC PRIVATE KEY")) {
      throw new IllegalArgumentException(
          "TLS key "
              + path
              + " is in PKCS#1/SEC1 form; convert it"
              + " with: openssl pkcs8 -topk8 -nocrypt -in "
              + path
              + " -out key-pkcs8.pem");
    }
    if (text.contains("BEGIN ENCRYPTED PRIVATE KEY")) {
      throw new IllegalArgumentException(
          "TLS key "
              + path
              + " is encrypted; decrypt it with: openssl pkcs8 -in "
              + path
              + " -out key-plain.pem, or give Tabula a PKCS#12 (.pfx) file and its password");
    }
    List<byte[]> keys = blocks(content, "PRIVATE KEY");
    if (keys.size() != 1) {
      throw new IllegalArgumentException(
          "TLS key "
              + path
              + (keys.isEmpty()
                  ? " holds no -----BEGIN PRIVATE KEY----- block"
                  : " holds " + keys.size() + " private keys; keep only the certificate's"));
    }
    PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(keys.get(0));
    Set<String> algorithms = new LinkedHashSet<>(List.of("RSA", "EC", "EdDSA", "RSASSA-PSS"));
    for (String algorithm : algorithms) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(spec);
      } catch (GeneralSecurityException notThisOne) {
        // the PKCS#8 structure names its algorithm; the JDK has a factory per algorithm
      }
    }
    throw new IllegalArgumentException(
        "TLS key " + path + " is not an RSA, EC or EdDSA private key the JDK can read");
  }

  /** The decoded content of each PEM block of this type, in order. */
  private static List<byte[]> blocks(byte[] content, String type) {
    Matcher matcher = BLOCK.matcher(new String(content, StandardCharsets.ISO_8859_1));
    List<byte[]> blocks = new ArrayList<>();
    while (matcher.find()) {
      if (matcher.group(1).equals(type)) {
        blocks.add(Base64.getMimeDecoder().decode(matcher.group(2)));
      }
    }
    return blocks;
  }
}
