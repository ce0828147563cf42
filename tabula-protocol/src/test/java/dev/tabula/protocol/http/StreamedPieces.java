package dev.tabula.protocol.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The pieces a streamed body writes when asked for at least {@code minBytes} each, in order. */
public final class StreamedPieces {
  private StreamedPieces() {}

  /** Asks {@code body} for pieces until it says it is done; each piece as written. */
  public static List<byte[]> of(StreamedBody body, int minBytes) throws IOException {
    List<byte[]> pieces = new ArrayList<>();
    boolean done;
    do {
      ByteArrayOutputStream piece = new ByteArrayOutputStream();
      done = body.writeNext(piece, minBytes);
      pieces.add(piece.toByteArray());
    } while (!done);
    return pieces;
  }
}
