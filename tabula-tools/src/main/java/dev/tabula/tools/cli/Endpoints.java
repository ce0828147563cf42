package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import dev.tabula.tools.client.ServiceException;
import dev.tabula.tools.client.TableClient;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import javax.net.ssl.SSLException;

/** The client the reading commands use, and their failures said in one line. */
final class Endpoints {
  /** How long one request may take; the client retries busy answers and I/O errors itself. */
  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

  private Endpoints() {}

  static TableClient client(ConnectionString target) {
    return new TableClient(target, REQUEST_TIMEOUT);
  }

  /**
   * A failure of a request as the user should read it: the service's refusal with the table named
   * ({@code table 'orders': 404 TableNotFound: ...}), or that the endpoint cannot be reached.
   */
  static IOException explain(IOException e, ConnectionString target, String table) {
    if (e instanceof ServiceException) {
      return new IOException(
          (table.isEmpty() ? "" : "table '" + table + "': ") + e.getMessage(), e);
    }
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof SSLException) {
        return new IOException(
            "TLS with "
                + target.endpoint()
                + " failed: "
                + cause.getMessage()
                + " (a certificate a private authority signed is trusted with"
                + " JAVA_OPTS=\"-Djavax.net.ssl.trustStore=FILE -Djavax.net.ssl.trustStorePassword=...\")",
            e);
      }
      if (cause instanceof ConnectException
          || cause instanceof UnknownHostException
          || cause instanceof NoRouteToHostException
          || cause instanceof UnresolvedAddressException
          || cause instanceof SocketTimeoutException) {
        String why = cause.getMessage();
        return new IOException(
            "cannot reach "
                + target.endpoint()
                + ": "
                + (why == null || why.isBlank() ? cause.getClass().getSimpleName() : why),
            e);
      }
    }
    return e;
  }
}
