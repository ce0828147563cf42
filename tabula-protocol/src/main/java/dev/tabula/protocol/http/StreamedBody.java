package dev.tabula.protocol.http;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A response body written on demand, piece by piece, into whatever output the transport has ready,
 * so an answer that can be large (a page of large entities) never has to exist whole in memory. The
 * transport asks for the next piece when the connection can take more; a client that reads slowly
 * so holds the server to about one piece.
 *
 * <p>One body is written once, by one thread at a time (the transport may move it between threads
 * between calls). A body that fails midway throws; the transport must then end the response so that
 * the client sees an error, never a well-formed shorter body.
 */
@FunctionalInterface
public interface StreamedBody {
  /**
   * Writes the next piece into {@code out}: at least {@code minBytes} unless the body ends first,
   * and at most about {@code minBytes} plus what cannot be split (one entity).
   *
   * @return true once the whole body has been written; it must not be called again then
   */
  boolean writeNext(OutputStream out, int minBytes) throws IOException;
}
