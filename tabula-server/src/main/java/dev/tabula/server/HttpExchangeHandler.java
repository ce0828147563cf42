package dev.tabula.server;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;

/**
 * Hands each whole HTTP request to the protocol on the worker pool (engine calls block, so they
 * never run on an event loop) and writes the answer back on the channel's event loop. A full pool
 * answers 503 ServerBusy at once instead of queueing without bound.
 */
final class HttpExchangeHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  private final TableProtocol protocol;
  private final WorkerPool workers;
  private final String scheme;

  HttpExchangeHandler(TableProtocol protocol, WorkerPool workers, String scheme) {
    this.protocol = protocol;
    this.workers = workers;
    this.scheme = scheme;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    ServiceRequest serviceRequest =
        toServiceRequest(request, ByteBufUtil.getBytes(request.content()), peer(ctx));
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    try {
      workers.execute(
          serviceRequest.body().length,
          () -> {
            ServiceResponse response = protocol.handle(serviceRequest, scheme);
            ctx.executor().execute(() -> write(ctx, response, keepAlive));
          });
    } catch (RejectedExecutionException busy) {
      write(ctx, protocol.reject(TableErrorCode.SERVER_BUSY.exception(), serviceRequest), keepAlive);
    }
  }

  /** The transport-neutral view of a request; the body is copied out of Netty's buffer. */
  static ServiceRequest toServiceRequest(HttpRequest request, byte[] body) {
    return toServiceRequest(request, body, null);
  }

  /** The same, from a known client address (shared access signatures may restrict it). */
  static ServiceRequest toServiceRequest(HttpRequest request, byte[] body, InetAddress peer) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    request.headers().forEach(h -> headers.computeIfAbsent(h.getKey(), k -> new ArrayList<>()).add(h.getValue()));
    return new ServiceRequest(request.method().name(), request.uri(), headers, body, peer);
  }

  /** The address of the connection's peer: the client, as no proxy header is trusted. */
  private static InetAddress peer(ChannelHandlerContext ctx) {
    return ctx.channel().remoteAddress() instanceof InetSocketAddress socket
        ? socket.getAddress()
        : null;
  }

  /** Writes a response, closing the connection afterwards unless it is kept alive. */
  static void write(ChannelHandlerContext ctx, ServiceResponse response, boolean keepAlive) {
    FullHttpResponse http =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(response.status()),
            Unpooled.wrappedBuffer(response.body()));
    response.headers().forEach((name, value) -> http.headers().set(name, value));
    http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.body().length);
    if (keepAlive) {
      HttpUtil.setKeepAlive(http, true);
      ctx.writeAndFlush(http, ctx.voidPromise());
    } else {
      ctx.writeAndFlush(http).addListener(ChannelFutureListener.CLOSE);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // A reset or malformed connection: nothing useful can be sent back.
    ctx.close();
  }
}
