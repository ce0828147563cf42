package dev.tabula.server;

import dev.tabula.core.AccessPolicyService;
import dev.tabula.core.BatchService;
import dev.tabula.core.ChangeFeedService;
import dev.tabula.core.EntityService;
import dev.tabula.core.NonBlockingCalls;
import dev.tabula.core.TableService;
import dev.tabula.core.TableSettingsService;
import dev.tabula.core.index.IndexBuilds;
import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.core.storage.TranslatingEntityStore;
import dev.tabula.core.ttl.ExpirySweep;
import dev.tabula.core.ttl.ExpirySweeper;
import dev.tabula.engine.Capability;
import dev.tabula.engine.Readiness;
import dev.tabula.engine.StorageEngine;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.server.admin.AdminBackup;
import dev.tabula.server.admin.AdminListener;
import dev.tabula.server.admin.AdminRoutes;
import dev.tabula.server.console.ConsoleSection;
import dev.tabula.server.telemetry.Telemetry;
import io.micrometer.core.instrument.FunctionCounter;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running Tabula server: the storage engine, the Table service on top of it, and the HTTP
 * listener. {@link #close} stops accepting, finishes in-flight work and closes the engine.
 */
public final class TabulaServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TabulaServer.class);

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
  private final Telemetry telemetry;
  private final ServerMeters meters;
  private final @Nullable AdminListener admin;
  private final @Nullable ConsoleSection console;
  private final @Nullable ReloadingTls tls;
  private final LiveAccounts accounts;
  private final List<WatchedFile<?>> watchedFiles;

  /** Builds the indexes declared on tables with entities; closed before the engine. */
  private final IndexBuilds indexBuilds;

  /** The time-to-live reclaimer, once {@link #startExpirySweeper} ran; guarded by this. */
  private @Nullable ExpirySweeper expirySweeper;

  /** Set first thing by {@link #close}: from then on the server is not ready. */
  private volatile boolean closing;

  private TabulaServer(ServerConfig config, StorageEngine engine, Telemetry telemetry)
      throws InterruptedException {
    this.config = config;
    this.engine = engine;
    this.telemetry = telemetry;
    engine.bindMetrics(telemetry.registry());
    TableService tables = new TableService(engine.catalog());
    EntityService entities = new EntityService(tables, engine.entities(), config.pageSize());
    AccessPolicyService policies = new AccessPolicyService(engine.catalog());
    StartingAccounts starting = StartingAccounts.of(config);
    this.accounts = starting.served(policies::find, config.oauth());
    warnIfUnverified(config.oauth());
    this.indexBuilds = newIndexBuilds(engine);
    TableSettingsService settings = tableSettings();
    TableProtocol protocol =
        protocol(engine, tables, entities, policies, settings, accounts::serves, accounts);
    Transport transport = config.transport();
    ReloadingTls reloading = reloadingTls(transport);
    this.workers = new WorkerPool(config.resources());
    this.connections = new ConnectionLimit(config.resources().maxConnections());
    this.meters = new ServerMeters(telemetry, workers, connections, entities.queryStats());
    this.bossGroup = eventLoops.group(1);
    this.ioGroup = eventLoops.group(0);
    this.console =
        transport.servesAdmin()
            ? ConsoleWiring.console(
                config,
                accounts,
                telemetry,
                (served, authenticator) ->
                    protocol(engine, tables, entities, policies, settings, served, authenticator))
            : null;
    Channel http = null;
    Channel https = null;
    try {
      http =
          transport.servesHttp()
              ? bind(
                  new ServerPipeline(
                      protocol, workers, config, connections, inFlight, null, telemetry),
                  "port",
                  config.port())
              : null;
      https =
          reloading == null
              ? null
              : bind(
                  new ServerPipeline(
                      protocol, workers, config, connections, inFlight, reloading, telemetry),
                  transport.httpsPort() >= 0 ? "https-port" : "port",
                  transport.httpsPort() >= 0 ? transport.httpsPort() : config.port());
      this.admin = transport.servesAdmin() ? bindAdmin(transport) : null;
    } catch (RuntimeException e) {
      stopStarted(http, https, reloading);
      throw e;
    }
    this.httpChannel = http;
    this.httpsChannel = https;
    this.tls = reloading;
    this.watchedFiles = starting.watch(accounts, config.oauth());
  }

  /** The TLS context of the HTTPS listener, reloaded when its files change; null without one. */
  private static @Nullable ReloadingTls reloadingTls(Transport transport) {
    TlsFiles tlsFiles = transport.tlsFiles();
    return tlsFiles == null ? null : new ReloadingTls(tlsFiles);
  }

  /**
   * The index builder of {@code engine}'s tables; its builds are logged ({@link IndexBuildLog}).
   */
  private static IndexBuilds newIndexBuilds(StorageEngine engine) {
    return new IndexBuilds(
        engine.catalog(), TranslatingEntityStore.of(engine.entities()), new IndexBuildLog());
  }

  /**
   * The one settings service of the server (both listeners share it, so that its changes are made
   * one at a time), which marks built indexes ready; then the builds a stop cut short start again.
   */
  private TableSettingsService tableSettings() {
    TableSettingsService settings =
        new TableSettingsService(engine.catalog(), engine.capabilities(), indexBuilds);
    if (engine.capabilities().contains(Capability.SECONDARY_INDEXES)) {
      indexBuilds.resume(accounts.accounts().stream().map(Account::name).toList());
    }
    return settings;
  }

  /**
   * When a listener cannot start, nothing is served: what was started is stopped, so that the
   * process can exit cleanly.
   */
  private void stopStarted(
      @Nullable Channel http, @Nullable Channel https, @Nullable ReloadingTls reloading) {
    for (Channel bound : new Channel[] {http, https}) {
      if (bound != null) {
        bound.close().syncUninterruptibly();
      }
    }
    bossGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS);
    ioGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS);
    workers.shutdown();
    meters.close();
    if (console != null) {
      console.close();
    }
    if (reloading != null) {
      reloading.close();
    }
  }

  /** Says loudly, once at startup, that bearer tokens are taken without checking them. */
  private static void warnIfUnverified(OAuthSettings oauth) {
    if (oauth.unsigned()) {
      LOG.warn(
          "--oauth-dev-unsigned: bearer tokens are NOT verified: any token, signed or not, with"
              + " a configured tenant's issuer is taken. For development only; never expose this"
              + " server.");
    }
  }

  /**
   * The Table service's protocol over the engine, for the accounts {@code served} names, which
   * {@code authenticator} alone lets in: the data listener's (every account's keys) or the
   * console's.
   */
  private static TableProtocol protocol(
      StorageEngine engine,
      TableService tables,
      EntityService entities,
      AccessPolicyService policies,
      TableSettingsService settings,
      Predicate<String> served,
      RequestAuthenticator authenticator) {
    return new TableProtocol(
            tables,
            entities,
            new BatchService(tables, engine.entities()),
            policies,
            settings,
            new ServicePropertiesService(engine.accountSettings()),
            served,
            authenticator,
            Clock.systemUTC(),
            NonBlockingCalls.of(engine.capabilities()),
            "Tabula/" + TabulaVersion.current())
        .withChangeFeed(
            new ChangeFeedService(
                engine.catalog(),
                engine.capabilities().contains(Capability.CHANGE_FEED)
                    ? engine.changeFeed()
                    : null));
  }

  /** Binds the admin listener; a port it cannot take is named as the data ports are. */
  private AdminListener bindAdmin(Transport transport) {
    try {
      return AdminListener.bind(
          transport.adminHost(),
          transport.adminPort(),
          eventLoops.group(1),
          eventLoops.serverChannel(),
          new AdminRoutes(this::readiness, telemetry.registry()),
          new AdminBackup(engine::snapshot, transport.adminToken(), TabulaVersion.current()),
          console);
    } catch (IllegalStateException e) {
      Throwable why = e.getCause() == null ? e : e.getCause();
      throw new ListenFailure("admin-port", transport.adminHost(), transport.adminPort(), why);
    }
  }

  /** Whether the server can take requests now: not while it stops, else as the engine says. */
  private Readiness readiness() {
    return closing ? Readiness.notReady("shutting down") : engine.readiness();
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
    return start(config, engine, new Telemetry());
  }

  /**
   * Starts as {@link #start(ServerConfig, StorageEngine)}, with figures on {@code telemetry}'s
   * registry: the one the engine was opened with, when it registers figures while opening (the
   * Cassandra driver's metrics). The server owns and closes it too.
   */
  public static TabulaServer start(ServerConfig config, StorageEngine engine, Telemetry telemetry) {
    try {
      return new TabulaServer(config, engine, telemetry);
    } catch (InterruptedException e) {
      engine.close();
      telemetry.close();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting", e);
    } catch (RuntimeException e) {
      engine.close();
      telemetry.close();
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

  /** The admin listener's port actually bound, or -1 without one ({@code --admin-port}). */
  public int adminPort() {
    return admin == null ? -1 : admin.port();
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

  /** The server's meter registry and request listeners (metrics, the access log). */
  public Telemetry telemetry() {
    return telemetry;
  }

  /** The accounts served now: the config's, or the accounts file's as it reads now. */
  public List<Account> accounts() {
    return accounts.accounts();
  }

  /** The config this server runs with. */
  public ServerConfig config() {
    return config;
  }

  /**
   * Starts the time-to-live reclaimer (docs/extensions.md): every {@code interval} after the last
   * pass, it deletes the expired entities of every table with time-to-live of the accounts served
   * then. One per server; on a shared Cassandra cluster several servers sweeping at once is
   * harmless (each delete is conditional, see {@link ExpirySweep}). Counted by the metric {@code
   * tabula.ttl.entities.reclaimed}.
   *
   * @throws IllegalStateException when it was already started
   */
  public synchronized void startExpirySweeper(Duration interval) {
    if (expirySweeper != null) {
      throw new IllegalStateException("the time-to-live reclaimer is already running");
    }
    ExpirySweep sweep =
        new ExpirySweep(
            engine.catalog(),
            engine.entities(),
            () -> accounts.accounts().stream().map(Account::name).toList(),
            Clock.systemUTC());
    FunctionCounter.builder("tabula.ttl.entities.reclaimed", sweep, ExpirySweep::reclaimed)
        .description("Expired entities the time-to-live reclaimer deleted")
        .register(telemetry.registry());
    expirySweeper =
        ExpirySweeper.start(
            sweep,
            interval,
            failure ->
                LOG.warn(
                    "Time-to-live sweep failed; the next pass starts over: {}",
                    failure.toString()));
  }

  private synchronized void stopExpirySweeper() {
    if (expirySweeper != null) {
      expirySweeper.close();
    }
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
    watchedFiles.forEach(WatchedFile::close);
    bossGroup.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    ioGroup.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    workers.shutdown();
    try {
      workers.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (tls != null) {
      tls.close();
    }
    stopExpirySweeper(); // before the engine, which its pass uses
    indexBuilds.close(); // likewise
    if (console != null) {
      console.close(); // before the engine: a console request must not reach a closed engine
    }
    engine.close();
    if (admin != null) {
      admin.close(); // last: /ready says "shutting down" while the rest closes
    }
    meters.close();
    telemetry.close();
  }

  /** Stops accepting; from here on {@code /ready} says the server is shutting down. */
  private void closeListeners() {
    closing = true;
    if (httpChannel != null) {
      httpChannel.close().syncUninterruptibly();
    }
    if (httpsChannel != null) {
      httpsChannel.close().syncUninterruptibly();
    }
  }
}
