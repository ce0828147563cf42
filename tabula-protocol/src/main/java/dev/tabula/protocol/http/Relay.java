package dev.tabula.protocol.http;

import java.io.IOException;
import java.io.OutputStream;
import org.jspecify.annotations.Nullable;

/**
 * The one output a {@link StreamedBody} writes into across its pieces (a Jackson generator lives
 * across them, for one), passing each piece's bytes on to that piece's output and counting them, so
 * the body knows when the piece holds enough. Not thread-safe, like the bodies that use it.
 */
public final class Relay extends OutputStream {
  /** Where bytes go between pieces: nowhere, since nothing may be written then. */
  private static final OutputStream BETWEEN_PIECES =
      new OutputStream() {
        @Override
        public void write(int b) {
          throw new IllegalStateException("no piece is being written");
        }
      };

  private OutputStream target = BETWEEN_PIECES;
  private long count;

  /** Starts a piece written into {@code piece}; null ends it (nothing may be written then). */
  public void start(@Nullable OutputStream piece) {
    target = piece == null ? BETWEEN_PIECES : piece;
    count = 0;
  }

  /** The bytes passed on since the current piece started. */
  public long count() {
    return count;
  }

  @Override
  public void write(int b) throws IOException {
    target.write(b);
    count++;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    target.write(b, off, len);
    count += len;
  }
}
