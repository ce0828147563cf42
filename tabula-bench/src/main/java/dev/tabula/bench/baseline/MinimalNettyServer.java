package dev.tabula.bench.baseline;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Issue 6's read ceiling: the smallest honest Netty 4.1 HTTP/1.1 keep-alive server that answers a
 * point read in the shape a table service does ({@link PointReadHandler}). Its pipeline is
 * HttpServerCodec, HttpObjectAggregator and that one handler. It runs on event loops set up as
 * Tabula's are: the same transport choice ({@link NettyTransport}), one acceptor, Netty's default
 * count of I/O loops, and TCP_NODELAY. So the only difference from Tabula is what Tabula does per
 * request. Tabula's point reads are measured against its rate under the same load generator. A
 * baseline, not product code.
 *
 * <p>{@code java -cp tabula-bench/target/benchmarks.jar
 * dev.tabula.bench.baseline.MinimalNettyServer --host 127.0.0.1 --port 0} prints {@code Minimal
 * Netty server listening on http://HOST:PORT (network epoll)} once bound, and serves until the
 * process is stopped.
 */
public final class MinimalNettyServer implements AutoCloseable {
  private static final int MAX_BODY_BYTES = 64 * 1024;

  private final NettyTransport transport;
  private final EventLoopGroup acceptor;
  private final EventLoopGroup io;
  private final Channel channel;

  private MinimalNettyServer(String host, int port, NettyTransport transport) {
    this.transport = transport;
    this.acceptor = transport.group(1);
    this.io = transport.group(0);
    PointReadHandler handler = new PointReadHandler();
    try {
      channel =
          new ServerBootstrap()
              .group(acceptor, io)
              .channel(transport.serverChannel())
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
              .bind(host, port)
              .syncUninterruptibly()
              .channel();
    } catch (RuntimeException e) {
      // A failed bind would otherwise leave the event loop threads running.
      acceptor.shutdownGracefully();
      io.shutdownGracefully();
      throw e;
    }
  }

  /**
   * Starts listening on {@code host:port} (0 picks a free port) on Tabula's transport; returns once
   * bound.
   */
  public static MinimalNettyServer start(String host, int port) {
    return start(host, port, "auto");
  }

  /**
   * Starts on the transport named {@code auto}, {@code epoll} or {@code nio}; returns once bound.
   */
  public static MinimalNettyServer start(String host, int port, String transport) {
    return new MinimalNettyServer(host, port, NettyTransport.of(transport));
  }

  /** The port bound. */
  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  /** The transport in use: {@code epoll} or {@code nio}. */
  public String transportName() {
    return transport.label();
  }

  /** Closes the listener and the event loops, and waits for them. */
  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    acceptor.shutdownGracefully().syncUninterruptibly();
    io.shutdownGracefully().syncUninterruptibly();
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new Cli()).execute(args));
  }

  /**
   * The command line: bind, print the port line the bench scripts wait for, serve until stopped.
   */
  @Command(
      name = "minimal-netty-server",
      mixinStandardHelpOptions = true,
      description =
          "A minimal Netty HTTP/1.1 server answering table point reads: issue 6's read ceiling.")
  static final class Cli implements Callable<Integer> {
    @Option(names = "--host", description = "Address to bind (default 127.0.0.1).")
    String host = "127.0.0.1";

    @Option(names = "--port", description = "Port to bind; 0 picks a free one (default 0).")
    int port;

    @Option(
        names = "--transport",
        description =
            "auto (epoll where it loads, else nio: Tabula's choice), epoll"
                + " or nio (default auto).")
    String transport = "auto";

    @Override
    public Integer call() throws InterruptedException {
      MinimalNettyServer server = start(host, port, transport);
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    server.close();
                    stopped.countDown();
                  },
                  "minimal-netty-shutdown"));
      System.out.printf(
          "Minimal Netty server listening on http://%s:%d (network %s)%n",
          host, server.port(), server.transportName());
      System.out.flush();
      stopped.await();
      return 0;
    }
  }
}
