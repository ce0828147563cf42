package dev.tabula.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The server's private key and the certificate chain it proves, read from {@link TlsFiles}: PEM or
 * PKCS#12, told apart by the certificate file's content (PEM is text that starts, after any
 * comments, with {@code -----BEGIN}; PKCS#12 is DER, whose first byte is a SEQUENCE tag, 0x30).
 *
 * <p>The key is checked against the chain's first certificate, so that a certificate renewed
 * without its key (or a key file swapped before its certificate) is refused rather than served to
 * clients whose handshakes would then fail.
 *
 * @param key the private key
 * @param chain the certificate chain, the server's own certificate first
 */
record ServerKey(PrivateKey key, List<X509Certificate> chain) {
  private static final byte DER_SEQUENCE = 0x30;

  ServerKey {
    Objects.requireNonNull(key, "key");
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("a certificate chain holds at least one certificate");
    }
    chain = List.copyOf(chain);
  }

  /** The server's own certificate. */
  X509Certificate certificate() {
    return chain.get(0);
  }

  /**
   * Reads the files as they are now.
   *
   * @throws UncheckedIOException when a file cannot be read
   * @throws IllegalArgumentException when the files are not a usable certificate and key (the
   *     message names the file and what is wrong, never the password)
   */
  static ServerKey read(TlsFiles files) {
    Path key = files.key();
    return parse(files, bytes(files.certificate()), key == null ? null : bytes(key));
  }

  /**
   * The key and chain in the files' content, read once by the caller (so that what was read is what
   * is checked and served, even while the files are being replaced).
   *
   * @param certificate the content of {@link TlsFiles#certificate()}
   * @param key the content of {@link TlsFiles#key()}, or null when there is none
   * @throws IllegalArgumentException when they are not a usable certificate and key
   */
  static ServerKey parse(TlsFiles files, byte[] certificate, byte @Nullable [] key) {
    Path path = files.certificate();
    ServerKey read;
    if (isDer(certificate)) {
      if (files.key() != null) {
        throw new IllegalArgumentException(
            "the TLS certificate "
                + path
                + " is a PKCS#12 file, which holds its own key: leave out --tls-key"
                + " (TABULA_TLS_KEY, tls-key)");
      }
      read = Pkcs12Keys.parse(path, certificate, files.password(), files.alias());
    } else if (isPem(certificate)) {
      Path keyPath = files.key();
      if (keyPath == null || key == null) {
        throw new IllegalArgumentException(
            "the TLS certificate "
                + path
                + " is PEM, so its key is needed too (--tls-key or TABULA_TLS_KEY); or give a"
                + " PKCS#12 (.pfx) file, which holds both");
      }
      if (files.password() != null) {
        throw new IllegalArgumentException(
            "a TLS password is for a PKCS#12 (.pfx) file, and "
                + path
                + " is PEM: leave the password out (--tls-password, TABULA_TLS_PASSWORD,"
                + " tls-password)");
      }
      read = PemKeys.parse(path, certificate, keyPath, key);
    } else {
      throw new IllegalArgumentException(
          "the TLS certificate "
              + path
              + " is neither PEM (-----BEGIN CERTIFICATE-----) nor a PKCS#12 (.pfx) file");
    }
    read.checkKeyMatches(files);
    return read;
  }

  /**
   * Signs a few bytes with the key and verifies them with the certificate's public key: a key that
   * is not the certificate's fails, whatever its algorithm.
   */
  private void checkKeyMatches(TlsFiles files) {
    String algorithm = signatureAlgorithm(key.getAlgorithm());
    if (algorithm == null) {
      return; // an algorithm the JDK signs with under another name: the handshake will tell
    }
    byte[] probe = "tabula key check".getBytes(StandardCharsets.US_ASCII);
    boolean matches;
    try {
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(key);
      signer.update(probe);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(certificate().getPublicKey());
      verifier.update(probe);
      matches = verifier.verify(signature);
    } catch (GeneralSecurityException e) {
      matches = false;
    }
    if (!matches) {
      Path keyPath = files.key();
      String whose =
          keyPath == null
              ? "the private key in " + files.certificate() + " does not belong to its certificate"
              : "the TLS key "
                  + keyPath
                  + " does not belong to the certificate "
                  + files.certificate();
      throw new IllegalArgumentException(whose + " (the certificate's public key is not its)");
    }
  }

  private static @Nullable String signatureAlgorithm(String keyAlgorithm) {
    return switch (keyAlgorithm) {
      case "RSA" -> "SHA256withRSA";
      case "EC" -> "SHA256withECDSA";
      case "EdDSA", "Ed25519", "Ed448" -> keyAlgorithm;
      default -> null;
    };
  }

  /**
   * DER: a SEQUENCE tag, then a length in its long form (a byte of 0x80 or more), as every PKCS#12
   * file of a certificate and key is longer than 127 bytes; no text starts so.
   */
  private static boolean isDer(byte[] content) {
    return content.length > 1 && content[0] == DER_SEQUENCE && (content[1] & 0x80) != 0;
  }

  /** Text with a PEM boundary near its start (after blank space or comment lines, if any). */
  private static boolean isPem(byte[] content) {
    String head =
        new String(content, 0, Math.min(content.length, 64 * 1024), StandardCharsets.ISO_8859_1);
    return head.contains("-----BEGIN ");
  }

  private static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new UncheckedIOException("the TLS file " + file + " does not exist", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the TLS file " + file + ": " + e.getMessage(), e);
    }
  }
}
