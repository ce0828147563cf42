package dev.tabula.server.console;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * The body of a chunked answer written from a thread other than the event loop, a chunk of {@value
 * #CHUNK} bytes at a time. Backpressure: when the channel is no longer writable (its outbound
 * buffer past the high-water mark, the receiver slow), the writer waits for its last chunk to reach
 * the socket before producing more, so memory stays at a few chunks whatever the body's size. A
 * closed connection (the user cancelled the download) fails the next write with an {@link
 * IOException}. Closing flushes the rest but does not end the answer (the caller writes the last
 * chunk).
 */
final class ChannelOutputStream extends OutputStream {
  static final int CHUNK = 64 * 1024;
  private static final long STALL_SECONDS = 120;

  private final ChannelHandlerContext ctx;
  private final byte[] buffer = new byte[CHUNK];
  private int used;

  ChannelOutputStream(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void write(int b) throws IOException {
    if (used == buffer.length) {
      send();
    }
    buffer[used++] = (byte) b;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    int at = offset;
    int left = length;
    while (left > 0) {
      if (used == buffer.length) {
        send();
      }
      int n = Math.min(left, buffer.length - used);
      System.arraycopy(bytes, at, buffer, used, n);
      used += n;
      at += n;
      left -= n;
    }
  }

  @Override
  public void flush() throws IOException {
    if (used > 0) {
      send();
    }
  }

  @Override
  public void close() throws IOException {
    flush();
  }

  private void send() throws IOException {
    if (!ctx.channel().isActive()) {
      throw new IOException("the connection closed");
    }
    ChannelFuture sent =
        ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(buffer, 0, used)));
    used = 0;
    if (!ctx.channel().isWritable()) {
      try {
        if (!sent.await(STALL_SECONDS, TimeUnit.SECONDS)) {
          ctx.channel().close();
          throw new IOException("the receiver took nothing for " + STALL_SECONDS + " s");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
      if (!sent.isSuccess()) {
        throw new IOException("the connection closed", sent.cause());
      }
    }
  }
}
