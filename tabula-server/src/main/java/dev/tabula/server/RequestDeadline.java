package dev.tabula.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The slow-request timeout: a request must arrive whole within the deadline of its first byte, or
 * the connection is closed without an answer. This stops slowloris-style clients, which keep a
 * connection busy by sending a request a few bytes at a time so the idle timeout never fires.
 *
 * <p>The handler sits in front of the HTTP decoder and starts the clock on the first bytes of a
 * request; {@link #completion()} returns the handler that sits after the aggregator and stops it
 * when the whole request has been read. A closed connection gets no answer: nothing useful can be
 * said to a client that has not finished asking, and writing to it would only feed it. One per
 * channel; all its state is touched on the channel's event loop only.
 */
final class RequestDeadline extends ChannelInboundHandlerAdapter {
  private final long timeoutNanos;
  private @Nullable ScheduledFuture<?> timer;

  RequestDeadline(Duration timeout) {
    this.timeoutNanos = timeout.toNanos();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (timer == null && msg instanceof ByteBuf bytes && bytes.isReadable()) {
      timer = ctx.executor().schedule(() -> ctx.close(), timeoutNanos, TimeUnit.NANOSECONDS);
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    stop();
    ctx.fireChannelInactive();
  }

  private void stop() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
  }

  /**
   * The handler that stops the clock when a whole request has been read; place it after the
   * aggregator.
   */
  ChannelInboundHandlerAdapter completion() {
    return new ChannelInboundHandlerAdapter() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FullHttpRequest) {
          stop();
        }
        ctx.fireChannelRead(msg);
      }
    };
  }
}
