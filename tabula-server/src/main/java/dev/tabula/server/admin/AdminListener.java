package dev.tabula.server.admin;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
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
 * {@value #IDLE_SECONDS} s is closed. With an {@link AdminSection} (the console), request lines may
 * reach 32 KiB and headers 16 KiB, and the section's own paths take the bodies it asks for.
 */
public final class AdminListener implements AutoCloseable {
  static final int IDLE_SECONDS = 30;
  private static final int MAX_LINE_BYTES = 4096;
  private static final int MAX_HEADER_BYTES = 8192;
  private static final int MAX_BODY_BYTES = 4096;
  private static final int SECTION_LINE_BYTES = 32 * 1024;
  private static final int SECTION_HEADER_BYTES = 16 * 1024;

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
    return bind(host, port, group, channelType, routes, backup, null);
  }

  /**
   * Listens as {@link #bind(String, int, EventLoopGroup, Class, AdminRoutes, AdminBackup)} does,
   * and hands the paths {@code section} serves to it (null: none).
   */
  public static AdminListener bind(
      String host,
      int port,
      EventLoopGroup group,
      Class<? extends ServerChannel> channelType,
      AdminRoutes routes,
      @Nullable AdminBackup backup,
      @Nullable AdminSection section) {
    try {
      Channel channel =
          new ServerBootstrap()
              .group(group)
              .channel(channelType)
              // An answer leaves as headers then body: without this, Nagle's algorithm holds the
              // body until the client's delayed ACK (some 40 ms, more with a page's many requests).
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  pipeline(routes, backup == null ? null : backup.endpoint(host), section))
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
      AdminRoutes routes, @Nullable BackupEndpoint backup, @Nullable AdminSection section) {
    // A section (the console) is a page in a browser: its query strings ($filter) and headers
    // (cookies) are longer than a probe's, and it forwards entity writes.
    int line = section == null ? MAX_LINE_BYTES : SECTION_LINE_BYTES;
    int headers = section == null ? MAX_HEADER_BYTES : SECTION_HEADER_BYTES;
    int body = section == null ? MAX_BODY_BYTES : Math.max(MAX_BODY_BYTES, section.maxBodyBytes());
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(SocketChannel channel) {
        channel
            .pipeline()
            .addLast(new IdleStateHandler(0, 0, IDLE_SECONDS, TimeUnit.SECONDS))
            .addLast(new IdleCloser())
            .addLast(new HttpServerCodec(line, headers, MAX_BODY_BYTES))
            .addLast(new SmallBodiesOutsideSection(section, MAX_BODY_BYTES))
            .addLast(new HttpObjectAggregator(body))
            .addLast(new ChunkedWriteHandler()) // a backup's archive, as the socket takes it
            .addLast(new AdminHandler(routes, backup, section));
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
