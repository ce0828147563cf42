package dev.tabula.server.console;

import dev.tabula.protocol.http.ServiceRequest;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.jspecify.annotations.Nullable;

/**
 * Between Netty and the console: a request read into the protocol's transport-neutral {@link
 * ServiceRequest}, and a {@link ConsoleAnswer} written with the headers every console answer
 * carries (no sniffing, no referrer, never in a frame, the page's Content-Security-Policy).
 */
final class ConsoleHttp {
  private ConsoleHttp() {}

  /** {@code request} as a {@link ServiceRequest}, its body copied (the caller releases it). */
  static ServiceRequest read(ChannelHandlerContext ctx, FullHttpRequest request) {
    return ServiceRequest.fromHeaderLines(
        request.method().name(),
        request.uri(),
        request.headers(),
        ByteBufUtil.getBytes(request.content()),
        remote(ctx.channel().remoteAddress()));
  }

  private static @Nullable InetAddress remote(@Nullable SocketAddress address) {
    return address instanceof InetSocketAddress inet ? inet.getAddress() : null;
  }

  /**
   * Writes {@code answer} on {@code ctx}'s channel (from any thread), with the common headers; the
   * body is left out for {@code HEAD}; the connection is closed after it unless kept alive.
   */
  static void write(
      ChannelHandlerContext ctx,
      ConsoleAnswer answer,
      String contentSecurityPolicy,
      boolean head,
      boolean keepAlive) {
    FullHttpResponse http =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(answer.status()),
            head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(answer.body()));
    http.headers()
        .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
        .set("X-Content-Type-Options", "nosniff")
        .set("Referrer-Policy", "no-referrer")
        .set("X-Frame-Options", "DENY")
        .set("Content-Security-Policy", contentSecurityPolicy);
    answer.headers().forEach((name, value) -> http.headers().set(name, value));
    http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length);
    HttpUtil.setKeepAlive(http, keepAlive);
    if (keepAlive) {
      ctx.writeAndFlush(http);
    } else {
      ctx.writeAndFlush(http).addListener(ChannelFutureListener.CLOSE);
    }
  }
}
