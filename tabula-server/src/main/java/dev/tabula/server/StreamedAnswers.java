package dev.tabula.server;

import dev.tabula.protocol.http.ServiceResponse;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes an answer whose body is streamed ({@link ServiceResponse#streamedBody()}) with chunked
 * transfer encoding, as the service answers queries: the head first, then the body's pieces as the
 * connection takes them ({@link BodyPieces}, pulled by the pipeline's ChunkedWriteHandler), then
 * the terminating zero-length chunk.
 *
 * <p>A body that fails midway (its writer throws, or the connection breaks) ends with the
 * connection closed and no terminating chunk: the status (200) is gone already, and a client must
 * see a broken answer, never a well-formed shorter one. It is logged once.
 */
final class StreamedAnswers {
  private static final Logger LOG = LoggerFactory.getLogger(StreamedAnswers.class);

  private StreamedAnswers() {}

  /**
   * Writes a streamed answer; the future completes once its last chunk is written, and has then
   * closed the connection unless it is kept alive. A failed future has closed it too.
   */
  static ChannelFuture write(
      ChannelHandlerContext ctx, ServiceResponse response, boolean keepAlive) {
    return write(
        ctx, response, keepAlive, new BodyPieces(Objects.requireNonNull(response.streamedBody())));
  }

  /**
   * The same, pulling the body from {@code pieces}, made by the caller from the response's streamed
   * body, which can then tell how many bytes of it were written ({@link BodyPieces#progress()}).
   */
  static ChannelFuture write(
      ChannelHandlerContext ctx, ServiceResponse response, boolean keepAlive, BodyPieces pieces) {
    HttpResponse head =
        new DefaultHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(response.status()));
    response.headers().forEach((name, value) -> head.headers().set(name, value));
    HttpUtil.setTransferEncodingChunked(head, true);
    HttpUtil.setKeepAlive(head, keepAlive);
    ctx.write(head, ctx.voidPromise());
    ChannelFuture end = ctx.writeAndFlush(new HttpChunkedInput(pieces));
    end.addListener(
        written -> {
          if (!written.isSuccess()) {
            failedMidway(ctx, written.cause());
          } else if (!keepAlive) {
            ctx.close();
          }
        });
    return end;
  }

  private static void failedMidway(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
    if (cause instanceof IOException) {
      // The client went away or reset the connection: its own doing, and nothing to fix here.
      LOG.debug(
          "A streamed answer to {} was cut short: {}",
          ctx.channel().remoteAddress(),
          cause.toString());
    } else {
      LOG.warn(
          "A streamed answer to {} failed midway; the connection was closed without its"
              + " last chunk",
          ctx.channel().remoteAddress(),
          cause);
    }
  }
}
