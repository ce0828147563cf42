package dev.tabula.server;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.TableProtocol;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

/**
 * Answers a request whose head Netty could not decode (a URL longer than the request-line limit,
 * more header bytes than the header limit, or no HTTP at all) with the service's error shape
 * instead of Netty's placeholder request, then closes the connection, since the decoder discards
 * the rest of the stream. The service's front end refuses such heads with a bare 400; we give the
 * 400 an error code: InvalidUri for the request line, InvalidHeaderValue for headers, InvalidInput
 * otherwise. Sits between the decoder and the aggregator, which passes the {@link Refusal} on to be
 * written after the answers to any requests before it.
 */
final class MalformedRequestHandler extends ChannelInboundHandlerAdapter {
  private final TableProtocol protocol;
  private boolean answered;

  MalformedRequestHandler(TableProtocol protocol) {
    this.protocol = protocol;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    DecoderResult result = msg instanceof HttpMessage message ? message.decoderResult() : null;
    if (answered) {
      ReferenceCountUtil.release(msg);
      return;
    }
    if (result == null || result.isSuccess() || !(msg instanceof HttpRequest request)) {
      ctx.fireChannelRead(msg);
      return;
    }
    answered = true;
    ReferenceCountUtil.release(msg);
    TableErrorCode code = codeFor(result.cause());
    ctx.fireChannelRead(
        new Refusal(
            protocol.reject(
                code.exception(), HttpExchangeHandler.toServiceRequest(request, new byte[0]))));
  }

  private static TableErrorCode codeFor(Throwable cause) {
    if (cause instanceof TooLongHttpLineException) {
      return TableErrorCode.INVALID_URI;
    }
    if (cause instanceof TooLongHttpHeaderException || cause instanceof TooLongFrameException) {
      return TableErrorCode.INVALID_HEADER_VALUE;
    }
    return TableErrorCode.INVALID_INPUT;
  }
}
