package dev.tabula.server;

import dev.tabula.protocol.http.StreamedBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.stream.ChunkedInput;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@link StreamedBody} as Netty's {@link ChunkedInput}: each piece is written into a buffer from
 * the connection's (pooled) allocator when {@link io.netty.handler.stream.ChunkedWriteHandler} asks
 * for one, which it does on the event loop only while the connection is writable. So the body is
 * encoded as fast as the client reads it, no thread waits on a slow client, and the body never
 * exists whole. A piece is at least {@link #PIECE_BYTES} and one entity more at most.
 */
final class BodyPieces implements ChunkedInput<ByteBuf> {
  /** The size a piece is written to: a few pooled pages, and few enough writes per megabyte. */
  static final int PIECE_BYTES = 64 * 1024;

  private final StreamedBody body;
  private boolean done;
  private long written;

  BodyPieces(StreamedBody body) {
    this.body = body;
  }

  @Override
  public boolean isEndOfInput() {
    return done;
  }

  @Override
  public void close() {
    // Only bytes encoded ahead and never sent are held outside the heap.
    if (body instanceof PrefetchedBody prefetched) {
      prefetched.release();
    }
  }

  @Deprecated
  @Override
  public @Nullable ByteBuf readChunk(ChannelHandlerContext ctx) throws Exception {
    return readChunk(ctx.alloc());
  }

  /** The next piece; a failure of the body is thrown, and the buffer given back. */
  @Override
  public @Nullable ByteBuf readChunk(ByteBufAllocator allocator) throws Exception {
    if (done) {
      return null;
    }
    if (written == 0 && body instanceof PrefetchedBody prefetched) {
      // What the worker encoded ahead goes out as it is, without a copy.
      ByteBuf ahead = Objects.requireNonNull(prefetched.takeAhead()); // taken here, once
      done = prefetched.whole();
      written += ahead.readableBytes();
      return ahead;
    }
    ByteBuf piece = allocator.buffer(PIECE_BYTES + PIECE_BYTES / 4);
    try {
      done = body.writeNext(new ByteBufOutputStream(piece), PIECE_BYTES);
    } catch (Exception | Error e) {
      piece.release();
      throw e;
    }
    written += piece.readableBytes();
    return piece;
  }

  @Override
  public long length() {
    return -1;
  }

  @Override
  public long progress() {
    return written;
  }
}
