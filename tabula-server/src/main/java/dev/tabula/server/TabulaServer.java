package dev.tabula.server;

import dev.tabula.core.BatchService;
import dev.tabula.core.EntityService;
import dev.tabula.core.TableService;
import dev.tabula.engine.StorageEngine;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.auth.RequestAuthenticator;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.stream.Collectors;

/**
 * A running Tabula server: the storage engine, the Table service on top of it, and the HTTP
 * listener. {@link #close} stops accepting, finishes in-flight work and closes the engine.
 */
public final class TabulaServer implements AutoCloseable {
  private static final int MAX_HEADER_BYTES = 64 * 1024;

  private final ServerConfig config;
  private final StorageEngine engine;
  private final WorkerPool workers;
  private final EventLoopGroup bossGroup;
  private final EventLoopGroup ioGroup;
  private final Channel channel;

  private TabulaServer(ServerConfig config, StorageEngine engine) throws InterruptedException {
    this.config = config;
    this.engine = engine;
    TableService tables = new TableService(engine.catalog());
    EntityService entities = new EntityService(tables, engine.entities(), config.pageSize());
    RequestAuthenticator authenticator = Authenticators.forAccounts(config.accounts(), Clock.systemUTC());
    TableProtocol protocol =
        new TableProtocol(
            tables,
            entities,
            new BatchService(tables, engine.entities()),
            config.accounts().stream().map(Account::name).collect(Collectors.toSet()),
            authenticator,
            Clock.systemUTC());
    this.workers = new WorkerPool(64, 4096);
    this.bossGroup = new NioEventLoopGroup(1);
    this.ioGroup = new NioEventLoopGroup();
    this.channel =
        new ServerBootstrap()
            .group(bossGroup, ioGroup)
            .channel(NioServerSocketChannel.class)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(pipeline(protocol))
            .bind(config.host(), config.port())
            .sync()
            .channel();
  }

  private ChannelInitializer<SocketChannel> pipeline(TableProtocol protocol) {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(SocketChannel ch) {
        ch.pipeline()
            .addLast(new HttpServerCodec(8192, MAX_HEADER_BYTES, 8192))
            .addLast(new BodyLimitAggregator(config.maxBodyBytes(), protocol))
            .addLast(new HttpExchangeHandler(protocol, workers, "http"));
      }
    };
  }

  /** Opens the engine and starts listening; returns once the port is bound. */
  public static TabulaServer start(ServerConfig config) {
    StorageEngine engine = Engines.open(config);
    try {
      return new TabulaServer(config, engine);
    } catch (InterruptedException e) {
      engine.close();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting", e);
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
  }

  /** The port actually bound (useful when the config asked for port 0). */
  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  /** The table endpoint of an account, path-style, as emulator connection strings name it. */
  public String endpoint(String account) {
    return "http://" + config.host() + ":" + port() + "/" + account;
  }

  /** The config this server runs with. */
  public ServerConfig config() {
    return config;
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    bossGroup.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    ioGroup.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    workers.shutdown();
    try {
      workers.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    engine.close();
  }
}
