package dev.tabula.server;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * Closes a connection when Netty's {@link io.netty.handler.timeout.IdleStateHandler} reports it
 * idle: kept-alive connections that no client uses any more do not hold sockets and memory forever.
 */
final class IdleConnectionCloser extends ChannelDuplexHandler {
  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (event instanceof IdleStateEvent) {
      ctx.close();
    } else {
      ctx.fireUserEventTriggered(event);
    }
  }
}
