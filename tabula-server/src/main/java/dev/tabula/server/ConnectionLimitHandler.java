package dev.tabula.server;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.TableProtocol;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import org.jspecify.annotations.Nullable;

/**
 * Applies the {@link ConnectionLimit} to one connection: counts it when it opens and gives its
 * place back when it closes ({@code channelInactive}, which Netty fires once for every connection
 * that was active, however it ends), so the count cannot drift.
 *
 * <p>A connection past the limit is not closed at accept: its first request is answered with the
 * service's 503 ServerBusy, through the protocol's reject path like the other refusals, and the
 * connection is then closed gracefully ({@link HttpExchangeHandler#writeAndLinger}). The SDKs treat
 * 503 as a reason to back off and retry, whereas a connection closed unanswered looks like a
 * network fault. The answer is written from the request's head alone, so a refused request's body
 * is never gathered. Only past twice the limit is a connection closed at accept, so that refused
 * connections cannot exhaust file descriptors either. A refused connection that never sends a
 * request is closed by the idle timeout, like any other. Sits right after the HTTP codec, so that
 * the answer goes through TLS on an HTTPS listener. One per channel; its state is touched on the
 * channel's event loop only.
 */
final class ConnectionLimitHandler extends ChannelInboundHandlerAdapter {
  private final ConnectionLimit limit;
  private final TableProtocol protocol;
  private ConnectionLimit.@Nullable Admission admission;
  private boolean answered;

  ConnectionLimitHandler(ConnectionLimit limit, TableProtocol protocol) {
    this.limit = limit;
    this.protocol = protocol;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    admission = limit.admit();
    if (admission == ConnectionLimit.Admission.DROPPED) {
      ctx.close();
      return;
    }
    ctx.fireChannelActive();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (admission != null) {
      limit.release(admission);
      admission = null;
    }
    ctx.fireChannelInactive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (admission == ConnectionLimit.Admission.SERVED) {
      ctx.fireChannelRead(msg);
      return;
    }
    try {
      if (!answered && msg instanceof HttpRequest request) {
        answered = true;
        limit.refusalAnswered();
        HttpExchangeHandler.writeAndLinger(
            ctx,
            protocol.reject(
                TableErrorCode.SERVER_BUSY.exception(),
                HttpExchangeHandler.toServiceRequest(request, new byte[0])));
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }
}
