package dev.tabula.server.admin;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the admin listener's own bound on bodies (a few KiB) for every path but a section's: the
 * aggregator after it takes the section's larger bound, so a request elsewhere that announces a
 * larger body, or sends one in chunks, is refused with 413 and the connection closed before any of
 * it is held. Without a section it passes everything on (the aggregator's bound is the small one).
 */
final class SmallBodiesOutsideSection extends ChannelInboundHandlerAdapter {
  private final @Nullable AdminSection section;
  private final int maxBodyBytes;
  private boolean refusing;

  SmallBodiesOutsideSection(@Nullable AdminSection section, int maxBodyBytes) {
    this.section = section;
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof HttpRequest request) {
      refusing = section != null && tooLarge(request);
      if (refusing) {
        ReferenceCountUtil.release(msg);
        ctx.writeAndFlush(tooLargeAnswer()).addListener(ChannelFutureListener.CLOSE);
        return;
      }
    } else if (refusing && msg instanceof HttpContent) {
      ReferenceCountUtil.release(msg); // the rest of a refused request, until the close
      return;
    }
    ctx.fireChannelRead(msg);
  }

  private boolean tooLarge(HttpRequest request) {
    if (section == null || section.serves(AdminRoutes.pathOf(request.uri()))) {
      return false;
    }
    try {
      return HttpUtil.isTransferEncodingChunked(request)
          || HttpUtil.getContentLength(request, 0L) > maxBodyBytes;
    } catch (NumberFormatException e) {
      return true; // a Content-Length that is not a number: the codec fails it anyway
    }
  }

  private static FullHttpResponse tooLargeAnswer() {
    byte[] body = "request body too large\n".getBytes(StandardCharsets.UTF_8);
    FullHttpResponse answer =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
            Unpooled.wrappedBuffer(body));
    answer
        .headers()
        .set(HttpHeaderNames.CONTENT_TYPE, AdminAnswer.TEXT)
        .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    return answer;
  }
}
