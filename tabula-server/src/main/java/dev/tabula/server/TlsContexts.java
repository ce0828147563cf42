package dev.tabula.server;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLException;

/**
 * Builds the server's TLS context from PEM files: a certificate chain and a PKCS#8 private key
 * ({@code -----BEGIN PRIVATE KEY-----}), with the JDK's TLS provider. A PKCS#1 key ({@code
 * -----BEGIN RSA PRIVATE KEY-----}) is refused with the command that converts it, since the JDK
 * cannot read that form without an extra library.
 */
final class TlsContexts {
  private TlsContexts() {}

  /**
   * The server context for a certificate and key.
   *
   * @throws IllegalArgumentException when a file cannot be read or is not the expected PEM
   */
  static SslContext forServer(Path certificate, Path key) {
    checkKeyForm(key);
    try {
      return SslContextBuilder.forServer(certificate.toFile(), key.toFile()).build();
    } catch (SSLException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot use TLS certificate " + certificate + " with key " + key + ": " + e.getMessage(),
          e);
    }
  }

  private static void checkKeyForm(Path key) {
    String text;
    try {
      text = Files.readString(key);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read TLS key " + key, e);
    }
    if (text.contains("BEGIN RSA PRIVATE KEY") || text.contains("BEGIN EC PRIVATE KEY")) {
      throw new IllegalArgumentException(
          "TLS key "
              + key
              + " is in PKCS#1/SEC1 form; convert it"
              + " with: openssl pkcs8 -topk8 -nocrypt -in "
              + key
              + " -out key-pkcs8.pem");
    }
  }
}
