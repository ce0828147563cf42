package dev.tabula.server;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.TableProtocol;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import org.jspecify.annotations.Nullable;

/**
 * Collects a request body up to the size cap. A larger body is answered with the service's 413
 * RequestBodyTooLarge (not Netty's bare 413), passed on as a {@link Refusal}, and the connection is
 * closed, since the rest of the body would otherwise have to be read and thrown away.
 *
 * <p>A request that announces an oversized body and asks {@code Expect: 100-continue} gets the same
 * answer: Netty's own reply there is a bare 413 without the error code and body every other error
 * of the service carries (issue 17, item 12), so such a request is refused here instead.
 */
final class BodyLimitAggregator extends HttpObjectAggregator {
  private final TableProtocol protocol;

  BodyLimitAggregator(int maxBodyBytes, TableProtocol protocol) {
    super(maxBodyBytes, true);
    this.protocol = protocol;
  }

  @Override
  protected @Nullable Object newContinueResponse(
      HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
    if (HttpUtil.is100ContinueExpected(start)
        && HttpUtil.getContentLength(start, -1L) > maxContentLength) {
      // No interim answer: the aggregator then finds the announced length too large and calls
      // handleOversizedMessage, which refuses the request with the service's 413.
      return null;
    }
    return super.newContinueResponse(start, maxContentLength, pipeline);
  }

  @Override
  protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
    if (!(oversized instanceof HttpRequest request)) {
      ctx.close();
      return;
    }
    ctx.fireChannelRead(
        new Refusal(
            protocol.reject(
                TableErrorCode.REQUEST_BODY_TOO_LARGE.exception(),
                HttpExchangeHandler.toServiceRequest(request, new byte[0]))));
  }
}
