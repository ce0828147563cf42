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
import io.netty.channel.socket.DuplexChannel;
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
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Hands each whole HTTP request to the protocol on the worker pool (engine calls block, so they
 * never run on an event loop) and writes the answer back on the channel's event loop. A full pool
 * answers 503 ServerBusy at once instead of queueing without bound.
 *
 * <p>A request is first tried right here, without blocking ({@link
 * TableProtocol#handleWithoutBlocking}): a point read of an entity in memory is answered on the
 * event loop, and a single-entity write is queued with the engine and answered on the event loop
 * when it commits, saving the thread hand-offs that dominate their cost; anything that would wait
 * goes to the pool as before. Writes waiting for the engine this way are bounded like the pool's
 * ({@link WorkerPool#admitAside}).
 */
final class HttpExchangeHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  /** How long a refused request's remaining bytes are read and dropped before the close. */
  private static final Duration LINGER = Duration.ofSeconds(2);

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
        toServiceRequest(request, bodyOf(request), peer(ctx));
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    if (startedHere(ctx, serviceRequest, keepAlive)) {
      return;
    }
    try {
      workers.execute(
          serviceRequest.body().length,
          () -> protocol.handle(serviceRequest, scheme),
          response -> ctx.executor().execute(() -> write(ctx, response, keepAlive)));
    } catch (RejectedExecutionException busy) {
      write(ctx, protocol.reject(TableErrorCode.SERVER_BUSY.exception(), serviceRequest), keepAlive);
    }
  }

  /** Whether the request was started on this event loop; its answer is then written when ready. */
  private boolean startedHere(
      ChannelHandlerContext ctx, ServiceRequest request, boolean keepAlive) {
    // Asked first: most requests on some engines, and every query or batch, are never tried here,
    // and need not take and give back an admission for nothing.
    if (!protocol.triesWithoutBlocking(request)) {
      return false;
    }
    long bodyBytes = request.body().length;
    if (!workers.admitAside(bodyBytes)) {
      return false;
    }
    CompletableFuture<ServiceResponse> started;
    try {
      started = protocol.handleWithoutBlocking(request, scheme, ctx.executor());
    } catch (RuntimeException | Error e) {
      workers.releaseAside(bodyBytes);
      throw e;
    }
    if (started == null) {
      workers.releaseAside(bodyBytes);
      return false;
    }
    started.whenComplete((response, failure) -> {
      workers.releaseAside(bodyBytes);
      write(ctx, failure == null
          ? response
          : protocol.reject(TableErrorCode.INTERNAL_ERROR.exception(), request), keepAlive);
    });
    return true;
  }

  private static final byte[] NO_BODY = new byte[0];

  /** The body, copied out of Netty's buffer; most requests (every GET) have none. */
  private static byte[] bodyOf(FullHttpRequest request) {
    return request.content().isReadable() ? ByteBufUtil.getBytes(request.content()) : NO_BODY;
  }

  /** The transport-neutral view of a request; the body is copied out of Netty's buffer. */
  static ServiceRequest toServiceRequest(HttpRequest request, byte[] body) {
    return toServiceRequest(request, body, null);
  }

  /** The same, from a known client address (shared access signatures may restrict it). */
  static ServiceRequest toServiceRequest(HttpRequest request, byte[] body, InetAddress peer) {
    return ServiceRequest.fromHeaderLines(
        request.method().name(), request.uri(), request.headers(), body, peer);
  }

  /** The address of the connection's peer: the client, as no proxy header is trusted. */
  private static InetAddress peer(ChannelHandlerContext ctx) {
    return ctx.channel().remoteAddress() instanceof InetSocketAddress socket
        ? socket.getAddress()
        : null;
  }

  private static FullHttpResponse toHttp(ServiceResponse response) {
    FullHttpResponse http =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(response.status()),
            Unpooled.wrappedBuffer(response.body()));
    response.headers().forEach((name, value) -> http.headers().set(name, value));
    http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.body().length);
    return http;
  }

  /** Writes a response, closing the connection afterwards unless it is kept alive. */
  static void write(ChannelHandlerContext ctx, ServiceResponse response, boolean keepAlive) {
    FullHttpResponse http = toHttp(response);
    if (keepAlive) {
      HttpUtil.setKeepAlive(http, true);
      ctx.writeAndFlush(http, ctx.voidPromise());
    } else {
      ctx.writeAndFlush(http).addListener(ChannelFutureListener.CLOSE);
    }
  }

  /**
   * Writes a refusal sent before the request was read whole, then closes gracefully: the output is
   * shut first and the rest of the request is read and dropped for up to {@link #LINGER}. Closing
   * at once with unread bytes in the socket makes the kernel send a reset, and the client may then
   * lose the answer before reading it.
   */
  static void writeAndLinger(ChannelHandlerContext ctx, ServiceResponse response) {
    FullHttpResponse http = toHttp(response);
    HttpUtil.setKeepAlive(http, false);
    ctx.writeAndFlush(http).addListener((ChannelFutureListener) written -> {
      if (written.isSuccess() && ctx.channel() instanceof DuplexChannel duplex) {
        duplex.shutdownOutput();
        ctx.executor().schedule(() -> ctx.close(), LINGER.toMillis(), TimeUnit.MILLISECONDS);
      } else {
        ctx.close();
      }
    });
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // A reset or malformed connection: nothing useful can be sent back.
    ctx.close();
  }
}
