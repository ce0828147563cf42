package dev.tabula.tools.client;

import java.io.IOException;
import java.net.Socket;
import javax.net.ssl.SSLSocket;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.jspecify.annotations.Nullable;

/**
 * The system's default TLS (its trust store, {@code javax.net.ssl.*} properties, host names
 * verified), made when the first HTTPS connection needs it: loading the trust store took about a
 * fifth of a second of every command's start, and a local endpoint never uses it.
 */
final class LazyTls implements TlsSocketStrategy {
  private @Nullable TlsSocketStrategy tls;

  @Override
  public SSLSocket upgrade(
      Socket socket, String target, int port, Object attachment, HttpContext context)
      throws IOException {
    return tls().upgrade(socket, target, port, attachment, context);
  }

  private synchronized TlsSocketStrategy tls() {
    TlsSocketStrategy made = tls;
    if (made == null) {
      made = DefaultClientTlsStrategy.createSystemDefault();
      tls = made;
    }
    return made;
  }
}
