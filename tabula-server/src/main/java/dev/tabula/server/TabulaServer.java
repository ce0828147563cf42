package dev.tabula.server;

import dev.tabula.core.AccessPolicyService;
import dev.tabula.core.BatchService;
import dev.tabula.core.EntityService;
import dev.tabula.core.NonBlockingCalls;
import dev.tabula.core.TableService;
import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.engine.StorageEngine;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.auth.RequestAuthenticator;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A running Tabula server: the storage engine, the Table service on top of it, and the HTTP
 * listener. {@link #close} stops accepting, finishes in-flight work and closes the engine.
 */
public final class TabulaServer implements AutoCloseable {
  private final ServerConfig config;
  private final StorageEngine engine;
  private final WorkerPool workers;
  private final ConnectionLimit connections;
  private final InFlightRequests inFlight = new InFlightRequests();
  private final EventLoops eventLoops = EventLoops.best();
  private final EventLoopGroup bossGroup;
  private final EventLoopGroup ioGroup;
  private final @Nullable Channel httpChannel;
  private final @Nullable Channel httpsChannel;

  private TabulaServer(ServerConfig config, StorageEngine engine) throws InterruptedException {
    this.config = config;
    this.engine = engine;
    TableService tables = new TableService(engine.catalog());
    EntityService entities = new EntityService(tables, engine.entities(), config.pageSize());
    AccessPolicyService policies = new AccessPolicyService(engine.catalog());
    RequestAuthenticator authenticator =
        Authenticators.forAccounts(config.accounts(), policies::find, Clock.systemUTC());
    TableProtocol protocol =
        new TableProtocol(
            tables,
            entities,
            new BatchService(tables, engine.entities()),
            policies,
            new ServicePropertiesService(engine.accountSettings()),
            config.accounts().stream().map(Account::name).collect(Collectors.toSet()),
            authenticator,
            Clock.systemUTC(),
            NonBlockingCalls.of(engine.capabilities()));
    Transport transport = config.transport();
    SslContext tls =
        transport.tls()
            // tls() holds with a certificate, and the record has its key with it.
            ? TlsContexts.forServer(
                Objects.requireNonNull(transport.tlsCert()),
                Objects.requireNonNull(transport.tlsKey()))
            : null;
    this.workers = new WorkerPool(config.resources());
    this.connections = new ConnectionLimit(config.resources().maxConnections());
    this.bossGroup = eventLoops.group(1);
    this.ioGroup = eventLoops.group(0);
    Channel http = null;
    try {
      http =
          transport.servesHttp()
              ? bind(
                  new ServerPipeline(protocol, workers, config, connections, inFlight, null),
                  "port",
                  config.port())
              : null;
      this.httpsChannel =
          tls == null
              ? null
              : bind(
                  new ServerPipeline(protocol, workers, config, connections, inFlight, tls),
                  transport.httpsPort() >= 0 ? "https-port" : "port",
                  transport.httpsPort() >= 0 ? transport.httpsPort() : config.port());
    } catch (RuntimeException e) {
      // Nothing is served: what was started is stopped, so that the process can exit cleanly.
      if (http != null) {
        http.close().syncUninterruptibly();
      }
      bossGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      ioGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      workers.shutdown();
      throw e;
    }
    this.httpChannel = http;
  }

  /**
   * Binds one listener; HTTP and HTTPS share the event loops, the worker pool and the connection
   * limit.
   */
  private Channel bind(ServerPipeline pipeline, String setting, int port)
      throws InterruptedException {
    ChannelFuture bound =
        new ServerBootstrap()
            .group(bossGroup, ioGroup)
            .channel(eventLoops.serverChannel())
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, HttpExchangeHandler.OUTPUT_BOUND)
            .childHandler(pipeline)
            .bind(config.host(), port)
            .await();
    if (!bound.isSuccess()) {
      throw new ListenFailure(setting, config.host(), port, bound.cause());
    }
    return bound.channel();
  }

  /**
   * Opens the engine and starts listening; returns once the port is bound.
   *
   * @throws ListenFailure when a port cannot be bound
   */
  public static TabulaServer start(ServerConfig config) {
    return start(config, Engines.open(config));
  }

  /**
   * Starts on an engine the caller opened (an embedding application's, or a test's decorated one)
   * instead of the one the config names; the server owns it from here and closes it with itself, or
   * at once if starting fails.
   */
  public static TabulaServer start(ServerConfig config, StorageEngine engine) {
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

  /**
   * The main port actually bound (useful when the config asked for port 0): plain HTTP's, or
   * HTTPS's when TLS took the main port.
   */
  public int port() {
    // The constructor binds one of the two at least.
    Channel main = httpChannel != null ? httpChannel : Objects.requireNonNull(httpsChannel);
    return ((InetSocketAddress) main.localAddress()).getPort();
  }

  /** The HTTPS port actually bound, or -1 without TLS. */
  public int httpsPort() {
    return httpsChannel == null ? -1 : ((InetSocketAddress) httpsChannel.localAddress()).getPort();
  }

  /**
   * The table endpoint of an account on the main port, path-style, as emulator connection strings
   * name it.
   */
  public String endpoint(String account) {
    String scheme = httpChannel != null ? "http" : "https";
    return scheme + "://" + config.host() + ":" + port() + "/" + account;
  }

  /** The HTTPS table endpoint of an account, or null without TLS. */
  public @Nullable String httpsEndpoint(String account) {
    return httpsChannel == null
        ? null
        : "https://" + config.host() + ":" + httpsPort() + "/" + account;
  }

  /** The network transport in use: "epoll" or "nio". */
  public String transportName() {
    return eventLoops.name();
  }

  /**
   * The client connections open now on every listener, counted as {@link
   * Resources#maxConnections()} counts them: those served and those being refused.
   */
  public int openConnections() {
    return connections.open();
  }

  /** The config this server runs with. */
  public ServerConfig config() {
    return config;
  }

  /**
   * Stops gracefully: stops accepting connections, closes those with no request in hand at once,
   * lets the requests in flight be answered for up to {@code drainTimeout} (each connection closes
   * after its answer), then closes whatever is left and {@link #close}s.
   */
  public Drained stop(Duration drainTimeout) {
    long begin = System.nanoTime();
    closeListeners();
    Drained drained = inFlight.drain(drainTimeout);
    close();
    return new Drained(
        drained.answered(), drained.cutOff(), Duration.ofNanos(System.nanoTime() - begin));
  }

  /** Closes at once: listeners, connections (requests in flight are cut off), then the engine. */
  @Override
  public void close() {
    closeListeners();
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

  private void closeListeners() {
    if (httpChannel != null) {
      httpChannel.close().syncUninterruptibly();
    }
    if (httpsChannel != null) {
      httpsChannel.close().syncUninterruptibly();
    }
  }
}
