package dev.tabula.bench.coldstart;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;

/**
 * An in-process loopback server that answers every request 204 No Content, as a table service
 * answers an insert sent with {@code Prefer: return-no-content}. The cold-start bench runs its
 * insert load against it first, so that the load client's own code is compiled before the server
 * under test is launched: what the windows then show is the server warming up, not the client.
 */
final class NoContentServer implements AutoCloseable {
  private static final int MAX_BODY_BYTES = 64 * 1024;

  private final EventLoopGroup acceptor = new NioEventLoopGroup(1);
  private final EventLoopGroup io = new NioEventLoopGroup(2);
  private final Channel channel;

  NoContentServer() {
    NoContent handler = new NoContent();
    channel =
        new ServerBootstrap()
            .group(acceptor, io)
            .channel(NioServerSocketChannel.class)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    ch.pipeline()
                        .addLast(
                            new HttpServerCodec(),
                            new HttpObjectAggregator(MAX_BODY_BYTES),
                            handler);
                  }
                })
            .bind("127.0.0.1", 0)
            .syncUninterruptibly()
            .channel();
  }

  /** The loopback port it listens on. */
  int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    acceptor.shutdownGracefully().syncUninterruptibly();
    io.shutdownGracefully().syncUninterruptibly();
  }

  /** 204 to everything, keeping the connection open when the client asks to. */
  @Sharable
  private static final class NoContent extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      FullHttpResponse response =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT);
      response.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
      if (HttpUtil.isKeepAlive(request)) {
        ctx.writeAndFlush(response);
      } else {
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
      }
    }
  }
}
