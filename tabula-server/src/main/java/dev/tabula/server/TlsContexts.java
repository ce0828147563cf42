package dev.tabula.server;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLException;

/**
 * Builds the server's TLS context, with the JDK's TLS provider, from {@link TlsFiles}: a PEM
 * certificate chain with its PKCS#8 PEM key, or a PKCS#12 file and its password (read by {@link
 * ServerKey}).
 */
final class TlsContexts {
  private TlsContexts() {}

  /**
   * The server context for the files as they are now.
   *
   * @throws IllegalArgumentException when a file is not the expected certificate or key
   * @throws java.io.UncheckedIOException when a file cannot be read
   */
  static SslContext forServer(TlsFiles files) {
    return forServer(ServerKey.read(files), files);
  }

  /** The server context for a key and chain read from {@code files}. */
  static SslContext forServer(ServerKey key, TlsFiles files) {
    try {
      return SslContextBuilder.forServer(key.key(), key.chain().toArray(new X509Certificate[0]))
          .build();
    } catch (SSLException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot use the TLS certificate " + files.certificate() + ": " + e.getMessage(), e);
    }
  }
}
