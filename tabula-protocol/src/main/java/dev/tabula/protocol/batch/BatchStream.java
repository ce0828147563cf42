package dev.tabula.protocol.batch;

import dev.tabula.protocol.http.Relay;
import dev.tabula.protocol.http.StreamedBody;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * A {@code $batch} answer written part by part as the transport asks for it, in {@link
 * BatchResponseWriter}'s layout: the batch delimiter (and, for a change set, its nested multipart's
 * header), each part after its delimiter, then the closing delimiters, which go with the last part
 * rather than alone. A piece ends after a part once it holds enough, so a slow client holds the
 * server to about one piece (a part's body is at most an entity, 1 MiB). The parts themselves are
 * already rendered: they are what one engine apply committed, bounded by the 4 MiB request. Not
 * thread-safe: written by one thread at a time.
 */
final class BatchStream implements StreamedBody {
  private static final String CRLF = "\r\n";

  private final String batchBoundary;
  private final String changeSetBoundary;
  private final List<PartResponse> parts;
  private final Relay relay = new Relay();
  private int next = -1;

  /**
   * The answer of {@code parts}: in a change set under {@code changeSetBoundary}, or directly in
   * the batch (a lone retrieve) when it is null.
   */
  BatchStream(String batchBoundary, String changeSetBoundary, List<PartResponse> parts) {
    this.batchBoundary = batchBoundary;
    this.changeSetBoundary = changeSetBoundary;
    this.parts = parts;
  }

  @Override
  public boolean writeNext(OutputStream target, int minBytes) throws IOException {
    if (next > parts.size()) {
      throw new IllegalStateException("the batch answer was written whole already");
    }
    relay.start(target);
    try {
      if (next < 0) {
        BatchResponseWriter.write(relay, "--" + batchBoundary + CRLF);
        if (changeSetBoundary != null) {
          BatchResponseWriter.write(
              relay, "Content-Type: multipart/mixed; boundary=" + changeSetBoundary + CRLF + CRLF);
        }
        next = 0;
      }
      while (next < parts.size()) {
        if (changeSetBoundary != null) {
          BatchResponseWriter.write(relay, "--" + changeSetBoundary + CRLF);
        }
        BatchResponseWriter.writePart(relay, parts.get(next++));
        if (next < parts.size() && relay.count() >= minBytes) {
          return false;
        }
      }
      if (changeSetBoundary != null) {
        BatchResponseWriter.write(relay, "--" + changeSetBoundary + "--" + CRLF);
      }
      BatchResponseWriter.write(relay, "--" + batchBoundary + "--" + CRLF);
      next = parts.size() + 1;
      return true;
    } finally {
      relay.start(null);
    }
  }
}
