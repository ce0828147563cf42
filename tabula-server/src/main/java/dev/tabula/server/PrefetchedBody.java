package dev.tabula.server;

import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.http.StreamedBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A streamed body whose beginning the worker thread encoded ahead, into a pooled buffer, before
 * handing the answer to the event loop: {@link #AHEAD_BYTES}, the low water mark of {@link
 * HttpExchangeHandler#OUTPUT_BOUND}, which a connection may hold unsent at any time, so it costs no
 * more memory than streaming. Most answers are smaller: they are encoded whole on the worker, as
 * before streaming, and sent with their Content-Length, leaving the event loop (which serves every
 * connection on it) only the write. Only what is left of a larger page is encoded on the event
 * loop, as the client reads. A body that fails within it has sent nothing yet, so it gets an
 * ordinary error answer instead of a cut connection. Used by one thread at a time.
 */
final class PrefetchedBody implements StreamedBody {
  /** How much is encoded ahead, at least (one entity more at most). */
  static final int AHEAD_BYTES = HttpExchangeHandler.OUTPUT_BOUND.low();

  private @Nullable ByteBuf ahead;
  private final StreamedBody rest;
  private final boolean whole;

  private PrefetchedBody(ByteBuf ahead, StreamedBody rest, boolean whole) {
    this.ahead = ahead;
    this.rest = rest;
    this.whole = whole;
  }

  /**
   * The response with its streamed body's beginning encoded into a buffer from {@code allocator}; a
   * response without one is returned as it is. A failure of the body is thrown, nothing held.
   */
  static ServiceResponse encodeAhead(ServiceResponse response, ByteBufAllocator allocator)
      throws IOException {
    StreamedBody body = response.streamedBody();
    if (body == null) {
      return response;
    }
    ByteBuf ahead = allocator.buffer(BodyPieces.PIECE_BYTES);
    boolean done = false;
    try {
      OutputStream out = new ByteBufOutputStream(ahead);
      while (!done && ahead.readableBytes() < AHEAD_BYTES) {
        done = body.writeNext(out, BodyPieces.PIECE_BYTES);
      }
    } catch (IOException | RuntimeException | Error e) {
      ahead.release();
      throw e;
    }
    return response.body(
        // A streamed body is always set with its Content-Type.
        Objects.requireNonNull(response.headers().get("Content-Type")),
        new PrefetchedBody(ahead, body, done));
  }

  /** Whether the whole body is in {@link #takeAhead()}. */
  boolean whole() {
    return whole;
  }

  /** The bytes encoded ahead, once; the caller releases them. Null once taken. */
  @Nullable ByteBuf takeAhead() {
    ByteBuf taken = ahead;
    ahead = null;
    return taken;
  }

  /** Gives back the bytes encoded ahead if they were never taken (the connection went away). */
  void release() {
    if (ahead != null) {
      ahead.release();
      ahead = null;
    }
  }

  @Override
  public boolean writeNext(OutputStream out, int minBytes) throws IOException {
    ByteBuf taken = takeAhead();
    if (taken != null) {
      try {
        taken.readBytes(out, taken.readableBytes());
      } finally {
        taken.release();
      }
      return whole;
    }
    return rest.writeNext(out, minBytes);
  }
}
