package dev.tabula.server;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.TableProtocol;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;

/**
 * Collects a request body up to the size cap. A larger body is answered with the service's 413
 * RequestBodyTooLarge (not Netty's bare 413), passed on as a {@link Refusal}, and the connection is
 * closed, since the rest of the body would otherwise have to be read and thrown away.
 */
final class BodyLimitAggregator extends HttpObjectAggregator {
  private final TableProtocol protocol;

  BodyLimitAggregator(int maxBodyBytes, TableProtocol protocol) {
    super(maxBodyBytes, true);
    this.protocol = protocol;
  }

  @Override
  protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
    if (!(oversized instanceof HttpRequest request)) {
      ctx.close();
      return;
    }
    ctx.fireChannelRead(new Refusal(protocol.reject(
        TableErrorCode.REQUEST_BODY_TOO_LARGE.exception(),
        HttpExchangeHandler.toServiceRequest(request, new byte[0]))));
  }
}
