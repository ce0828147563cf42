package dev.tabula.server;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.cassandra.CassandraOptions;
import dev.tabula.engine.rocksdb.RocksStorageException;
import dev.tabula.engine.rocksdb.RocksWalLossException;
import dev.tabula.server.logging.AccessLog;
import dev.tabula.server.logging.AccessLogFormat;
import dev.tabula.server.logging.LogBackend;
import dev.tabula.server.logging.LogLevel;
import dev.tabula.server.telemetry.Telemetry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tabula serve}: starts the server and runs until interrupted. Each setting comes from its
 * flag, else its {@code TABULA_*} environment variable, else the {@code --config} properties file,
 * else the default (see {@link ConfigResolver}).
 */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Run the Table service.")
final class ServeCommand implements Callable<Integer> {

  @Option(
      names = "--host",
      description = "Address to listen on (default 127.0.0.1; env TABULA_HOST).")
  @Nullable String host;

  @Option(names = "--port", description = "Port to listen on (default 10002; env TABULA_PORT).")
  @Nullable Integer port;

  @Option(
      names = "--data-dir",
      description = "Directory of the RocksDB engine (default ./tabula-data; env TABULA_DATA_DIR).")
  @Nullable Path dataDir;

  @Option(
      names = "--engine",
      description =
          "Storage engine: rocksdb, memory or cassandra (default rocksdb; env TABULA_ENGINE).")
  @Nullable String engine;

  @Option(
      names = "--in-memory",
      description = "Keep data in memory only (same as --engine memory).")
  boolean inMemory;

  @Option(
      names = "--account",
      description =
          "An account as name:base64key[:base64key2], both keys valid; repeat for several"
              + " (default: devstoreaccount1 with the emulator's well-known key; env"
              + " TABULA_ACCOUNTS or AZURITE_ACCOUNTS, separated by ';').")
  @Nullable List<String> accounts;

  @Option(
      names = "--accounts-file",
      description =
          "A file of accounts, one name:base64key[:base64key2] a line, read again when it"
              + " changes (env TABULA_ACCOUNTS_FILE).")
  @Nullable Path accountsFile;

  @Option(
      names = "--tls-cert",
      description =
          "Serve HTTPS with this PEM certificate chain (with --tls-key) or PKCS#12 (.pfx) file"
              + " (with its password); read again when it changes (env TABULA_TLS_CERT).")
  @Nullable Path tlsCert;

  @Option(names = "--tls-key", description = "PEM private key in PKCS#8 form (env TABULA_TLS_KEY).")
  @Nullable Path tlsKey;

  @Option(
      names = "--tls-password",
      description =
          "Password of the PKCS#12 file; on the command line it shows in the process list, so"
              + " prefer env TABULA_TLS_PASSWORD or the config file's tls-password.")
  @Nullable String tlsPassword;

  @Option(
      names = "--tls-alias",
      description =
          "Which private key of the PKCS#12 file to serve, when it holds several"
              + " (env TABULA_TLS_ALIAS).")
  @Nullable String tlsAlias;

  @Option(
      names = "--oauth-jwks",
      paramLabel = "FILE|URL",
      description =
          "Take Microsoft Entra ID bearer tokens signed by the keys of this JSON Web Key Set: a"
              + " file, or an https URL fetched and cached (needs HTTPS and --oauth-tenant; env"
              + " TABULA_OAUTH_JWKS).")
  @Nullable String oauthJwks;

  @Option(
      names = "--oauth-tenant",
      paramLabel = "ID",
      description =
          "A tenant whose bearer tokens are taken; repeat for several (env TABULA_OAUTH_TENANT,"
              + " separated by ',').")
  @Nullable List<String> oauthTenants;

  @Option(
      names = "--oauth-roles",
      paramLabel = "FILE",
      description =
          "Role assignments for bearer tokens, one 'ACCOUNT PRINCIPAL ROLE [TABLE]' a line;"
              + " read again within seconds when it changes (env TABULA_OAUTH_ROLES).")
  @Nullable Path oauthRoles;

  @Option(
      names = "--oauth-dev-unsigned",
      arity = "0..1",
      fallbackValue = "true",
      description =
          "Development only: take bearer tokens WITHOUT checking their signature, as Azurite's"
              + " 'oauth basic' mode (default false; env TABULA_OAUTH_DEV_UNSIGNED).")
  @Nullable Boolean oauthDevUnsigned;

  @Option(
      names = "--https-port",
      description =
          "Serve HTTPS on this port and keep HTTP on --port (default: HTTPS replaces"
              + " HTTP on --port; env TABULA_HTTPS_PORT).")
  @Nullable Integer httpsPort;

  @Option(
      names = "--admin-port",
      description =
          "Serve /health, /ready and /metrics on this port, 0 for any free one (default: no"
              + " admin listener; env TABULA_ADMIN_PORT).")
  @Nullable Integer adminPort;

  @Option(
      names = "--admin-host",
      description =
          "Address of the admin listener; it has no authentication (default 127.0.0.1;"
              + " env TABULA_ADMIN_HOST).")
  @Nullable String adminHost;

  @Option(
      names = "--admin-token",
      description =
          "Token the admin listener's POST /backup asks for (Authorization: Bearer), and the"
              + " console's sign-in off loopback, at least 16 characters; without one, backups and"
              + " the console are served on loopback only (env TABULA_ADMIN_TOKEN).")
  @Nullable String adminToken;

  @Option(
      names = "--console-account",
      description =
          "The one account the console (/console/ on the admin listener) acts as; default:"
              + " every account served (env TABULA_CONSOLE_ACCOUNT).")
  @Nullable String consoleAccount;

  @Option(
      names = "--idle-timeout",
      description =
          "Seconds a silent connection stays open (default 120; env TABULA_IDLE_TIMEOUT).")
  @Nullable Integer idleTimeout;

  @Option(
      names = "--request-timeout",
      description =
          "Seconds a request may take to arrive whole (default 30;"
              + " env TABULA_REQUEST_TIMEOUT).")
  @Nullable Integer requestTimeout;

  @Option(
      names = "--workers",
      description = "Threads that run storage calls (default 64; env TABULA_WORKERS).")
  @Nullable Integer workers;

  @Option(
      names = "--queue",
      description =
          "Requests that may wait for a worker; more get 503 ServerBusy (default 4096;"
              + " env TABULA_QUEUE).")
  @Nullable Integer queue;

  @Option(
      names = "--block-cache-mb",
      description = "RocksDB block cache in MiB (default 64; env TABULA_BLOCK_CACHE_MB).")
  @Nullable Long blockCacheMb;

  @Option(
      names = "--request-memory-mb",
      description =
          "MiB of request bodies that running and queued requests may hold; more get"
              + " 503 ServerBusy (default: a quarter of the heap; env TABULA_REQUEST_MEMORY_MB).")
  @Nullable Long requestMemoryMb;

  @Option(
      names = "--max-connections",
      description =
          "Client connections served at once, HTTP and HTTPS together; a connection past"
              + " it gets 503 ServerBusy and is closed (default 10000; env TABULA_MAX_CONNECTIONS).")
  @Nullable Integer maxConnections;

  @Option(
      names = "--accept-wal-data-loss",
      description =
          "Start even though the RocksDB write-ahead log lost acknowledged writes,"
              + " serving what can be recovered and logging what was lost (default: refuse to start;"
              + " env TABULA_ACCEPT_WAL_DATA_LOSS).")
  @Nullable Boolean acceptWalDataLoss;

  @Option(
      names = "--hot-partitions",
      description =
          "How many of the hottest partitions the metrics list (default 10;"
              + " env TABULA_HOT_PARTITIONS).")
  @Nullable Integer hotPartitions;

  @Option(
      names = "--log-level",
      description =
          "How much Tabula logs: error, warn, info, debug or trace (default info;"
              + " env TABULA_LOG_LEVEL).")
  @Nullable String logLevel;

  @Option(
      names = "--access-log",
      arity = "0..1",
      fallbackValue = "plain",
      description =
          "One line per request to standard output: off, plain or json (--access-log alone:"
              + " plain; default off; env TABULA_ACCESS_LOG).")
  @Nullable String accessLog;

  @Option(
      names = "--drain-timeout",
      description =
          "Seconds a stopping server (SIGTERM, Ctrl-C) waits for requests in flight to be"
              + " answered (default 10; env TABULA_DRAIN_TIMEOUT).")
  @Nullable Integer drainTimeout;

  @Option(
      names = "--ttl-sweep-interval",
      description =
          "Seconds between passes of the time-to-live reclaimer, which deletes expired entities"
              + " of tables with time-to-live (default 60; 0 = off; env"
              + " TABULA_TTL_SWEEP_INTERVAL).")
  @Nullable Integer ttlSweepInterval;

  @Option(
      names = "--debug",
      description =
          "Print the stack trace with a startup error (env TABULA_DEBUG=true); without it,"
              + " one line says what to change.")
  boolean debug;

  @Mixin CassandraFlags cassandra = new CassandraFlags();

  @Option(
      names = "--config",
      description =
          "A properties file with host, port, data-dir, engine, accounts, tls-cert,"
              + " tls-key, tls-password, tls-alias, https-port, idle-timeout, request-timeout, workers, queue, block-cache-mb,"
              + " request-memory-mb, max-connections, accept-wal-data-loss, admin-port, admin-host,"
              + " admin-token, console-account, hot-partitions, log-level, access-log, drain-timeout, ttl-sweep-interval, the oauth-*"
              + " settings and the cassandra-* settings;"
              + " an unknown key is refused.")
  @Nullable Path configFile;

  /**
   * Checks every setting, opens the engine, listens, and serves until SIGTERM or SIGINT; then
   * drains and returns 0. A setting, file, port or data directory that cannot be used throws an
   * {@link OperatorError} before anything is served (see {@link TabulaCli}).
   */
  @Override
  public Integer call() throws InterruptedException {
    ConfigResolver resolver = new ConfigResolver(System.getenv(), configFile);
    LogLevel level = resolver.logLevel(this);
    if (level != null) {
      level.apply();
    }
    AccessLogFormat accessLogFormat = resolver.accessLog(this);
    ServerConfig config = resolver.resolve(this);
    CassandraOptions cassandraOptions = resolver.cassandra(cassandra);
    boolean acceptWalDataLoss = resolver.acceptWalDataLoss(this);
    Duration drain = resolver.drainTimeout(this);
    Duration ttlSweepInterval = resolver.ttlSweepInterval(this);
    int hotPartitions = resolver.hotPartitions(this);
    StartupChecks.check(config, resolver);
    // Before the engine: the Cassandra driver registers its metrics as its session is built.
    Telemetry telemetry = new Telemetry(hotPartitions);
    StorageEngine engine;
    try {
      engine = Engines.open(config, cassandraOptions, acceptWalDataLoss, telemetry.registry());
    } catch (RocksWalLossException e) {
      System.err.println(StartupFailures.walLoss(e));
      return StartupFailures.EXIT_WAL_DATA_LOSS;
    } catch (RocksStorageException e) {
      if (StartupFailures.heldByAnotherServer(e)) {
        throw new OperatorError(
            StartupFailures.dataDirInUse(config.dataDir(), resolver.sourceOf("data-dir")), e);
      }
      System.err.println(StartupFailures.cannotOpen(config.dataDir(), e));
      return StartupFailures.EXIT_CANNOT_OPEN;
    } catch (RuntimeException e) {
      if (config.engine() != EngineKind.CASSANDRA) {
        throw e;
      }
      System.err.println(
          StartupFailures.cannotReachCassandra(
              cassandraOptions.contactPoints().stream()
                  .map(point -> point.getHostString() + ":" + point.getPort())
                  .collect(java.util.stream.Collectors.joining(",")),
              resolver.sourceOf("cassandra-contact-points"),
              e));
      if (TabulaCli.debugAsked(this)) {
        e.printStackTrace();
      }
      return StartupFailures.EXIT_CANNOT_OPEN;
    }
    AccessLog.listeners(accessLogFormat).forEach(telemetry::addListener);
    TabulaServer server;
    try {
      server = TabulaServer.start(config, engine, telemetry);
    } catch (ListenFailure e) {
      throw new OperatorError(StartupFailures.cannotListen(e, resolver.sourceOf(e.setting())), e);
    }
    if (!ttlSweepInterval.isZero()) {
      server.startExpirySweeper(ttlSweepInterval);
    }
    serveUntilStopped(server, StartupBanner.lines(server, storage(config, resolver), drain), drain);
    return 0;
  }

  /**
   * Prints the banner, waits for SIGTERM or SIGINT, stops the server gracefully and prints the one
   * line that says so.
   */
  private static void serveUntilStopped(TabulaServer server, List<String> banner, Duration drain)
      throws InterruptedException {
    CountDownLatch stopAsked = new CountDownLatch(1);
    CountDownLatch stopped = new CountDownLatch(1);
    if (!StopSignals.install(stopAsked::countDown)) {
      // No signal handling here: a shutdown hook stops the server instead (exit status 143).
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    stopAsked.countDown();
                    try {
                      stopped.await();
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  },
                  "tabula-shutdown"));
    }
    banner.forEach(System.out::println);
    stopAsked.await();
    System.out.println(StartupBanner.stopped(server.stop(drain)));
    System.out.flush();
    LogBackend.stop(); // the access log's queued lines are written before the process exits
    stopped.countDown();
  }

  private String storage(ServerConfig config, ConfigResolver resolver) {
    return switch (config.engine()) {
      case MEMORY -> "in memory";
      case ROCKSDB -> config.dataDir().toAbsolutePath().toString();
      case CASSANDRA -> "in keyspace " + resolver.cassandra(cassandra).keyspace();
    };
  }
}
