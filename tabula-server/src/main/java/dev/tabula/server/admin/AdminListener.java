package dev.tabula.server.admin;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The admin listener: HTTP on a port of its own, answered by {@link AdminRoutes} on an event loop
 * group of its own, so that probes and scrapes are answered however busy the data port is, and a
 * slow scrape never delays a data connection. No authentication for the probes and metrics: it
 * listens on loopback unless told otherwise, and whoever reaches it can read every metric
 * (docs/monitoring.md). {@code POST /backup} is the exception ({@link BackupEndpoint}, the admin
 * token; docs/backup.md).
 *
 * <p>Bounded like the data port, more tightly: requests are small GETs and POSTs, so a request line
 * over 4 KiB, headers over 8 KiB or a body over 4 KiB are refused, and a connection silent for
 * {@value #IDLE_SECONDS} s is closed.
 */
public final class AdminListener implements AutoCloseable {
  static final int IDLE_SECONDS = 30;
  private static final int MAX_LINE_BYTES = 4096;
  private static final int MAX_HEADER_BYTES = 8192;
  private static final int MAX_BODY_BYTES = 4096;

  private final EventLoopGroup group;
  private final Channel channel;

  private AdminListener(EventLoopGroup group, Channel channel) {
    this.group = group;
    this.channel = channel;
  }

  /**
   * Listens on {@code host}:{@code port} (0: any free port) with {@code group}'s event loops, which
   * the listener owns from here and shuts down with itself, or at once if binding fails.
   *
   * @param channelType the listening channel's class for {@code group}'s transport
   */
  public static AdminListener bind(
      String host,
      int port,
      EventLoopGroup group,
      Class<? extends ServerChannel> channelType,
      AdminRoutes routes) {
    return bind(host, port, group, channelType, routes, null);
  }

  /**
   * Listens as {@link #bind(String, int, EventLoopGroup, Class, AdminRoutes)} does, and serves
   * {@code POST /backup} from {@code backup} (null: no backup endpoint).
   */
  public static AdminListener bind(
      String host,
      int port,
      EventLoopGroup group,
      Class<? extends ServerChannel> channelType,
      AdminRoutes routes,
      @Nullable AdminBackup backup) {
    try {
      Channel channel =
          new ServerBootstrap()
              .group(group)
              .channel(channelType)
              .childHandler(pipeline(routes, backup == null ? null : backup.endpoint(host)))
              .bind(host, port)
              .sync()
              .channel();
      return new AdminListener(group, channel);
    } catch (Exception e) { // Netty rethrows the bind's IOException unchecked
      group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException(
          "cannot listen on " + host + ":" + port + " (--admin-port): " + e.getMessage(), e);
    }
  }

  private static ChannelInitializer<SocketChannel> pipeline(
      AdminRoutes routes, @Nullable BackupEndpoint backup) {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(SocketChannel channel) {
        channel
            .pipeline()
            .addLast(new IdleStateHandler(0, 0, IDLE_SECONDS, TimeUnit.SECONDS))
            .addLast(new IdleCloser())
            .addLast(new HttpServerCodec(MAX_LINE_BYTES, MAX_HEADER_BYTES, MAX_BODY_BYTES))
            .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
            .addLast(new ChunkedWriteHandler()) // a backup's archive, as the socket takes it
            .addLast(new AdminHandler(routes, backup));
      }
    };
  }

  /** The port actually bound. */
  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  /** Stops listening, closes the open admin connections and the event loops. */
  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** Closes a connection Netty's idle handler reports silent. */
  private static final class IdleCloser extends ChannelInboundHandlerAdapter {
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
      if (event instanceof IdleStateEvent) {
        ctx.close();
      } else {
        ctx.fireUserEventTriggered(event);
      }
    }
  }
}
