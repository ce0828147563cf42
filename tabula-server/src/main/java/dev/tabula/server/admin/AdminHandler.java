package dev.tabula.server.admin;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import org.jspecify.annotations.Nullable;

/**
 * Answers each admin request from {@link AdminRoutes}, on the admin listener's own event loop (a
 * scrape renders every meter, which should not hold up a data connection). A request Netty could
 * not decode (a request line or headers over the admin limits) gets 400 and the connection closes.
 */
final class AdminHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  private final AdminRoutes routes;
  private final @Nullable BackupEndpoint backup;
  private final @Nullable AdminSection section;

  AdminHandler(
      AdminRoutes routes, @Nullable BackupEndpoint backup, @Nullable AdminSection section) {
    this.routes = routes;
    this.backup = backup;
    this.section = section;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (request.decoderResult().isFailure()) {
      write(ctx, request, AdminAnswer.text(400, "bad request"), false);
      return;
    }
    String path = AdminRoutes.pathOf(request.uri());
    if (section != null && section.serves(path)) {
      section.handle(ctx, request.retain()); // the section releases it
      return;
    }
    if (backup != null && path.equals("/backup")) {
      AdminAnswer answer = backup.handle(ctx, request);
      if (answer != null) {
        write(ctx, request, answer, HttpUtil.isKeepAlive(request));
      }
      return;
    }
    AdminAnswer answer =
        routes.answer(
            request.method().name(), request.uri(), request.headers().get(HttpHeaderNames.ACCEPT));
    write(ctx, request, answer, HttpUtil.isKeepAlive(request));
  }

  /** {@code answer}, then the connection closes: for an answer that comes from another thread. */
  static void writeAndClose(ChannelHandlerContext ctx, AdminAnswer answer) {
    ctx.executor()
        .execute(
            () -> ctx.writeAndFlush(full(answer, false)).addListener(ChannelFutureListener.CLOSE));
  }

  private static void write(
      ChannelHandlerContext ctx, FullHttpRequest request, AdminAnswer answer, boolean keepAlive) {
    FullHttpResponse http = full(answer, HttpMethod.HEAD.equals(request.method()));
    HttpUtil.setKeepAlive(http, keepAlive);
    if (keepAlive) {
      ctx.writeAndFlush(http);
    } else {
      ctx.writeAndFlush(http).addListener(ChannelFutureListener.CLOSE);
    }
  }

  private static FullHttpResponse full(AdminAnswer answer, boolean head) {
    FullHttpResponse http =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(answer.status()),
            head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(answer.body()));
    http.headers()
        .set(HttpHeaderNames.CONTENT_TYPE, answer.contentType())
        .setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length)
        .set(HttpHeaderNames.CACHE_CONTROL, "no-store");
    answer.headers().forEach((name, value) -> http.headers().set(name, value));
    return http;
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close(); // a reset connection, or a request over the body limit: nothing to say back
  }
}
