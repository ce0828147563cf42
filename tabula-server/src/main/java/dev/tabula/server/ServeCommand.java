package dev.tabula.server;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.rocksdb.RocksStorageException;
import dev.tabula.engine.rocksdb.RocksWalLossException;
import dev.tabula.server.logging.AccessLog;
import dev.tabula.server.logging.AccessLogFormat;
import dev.tabula.server.logging.LogBackend;
import dev.tabula.server.logging.LogLevel;
import dev.tabula.server.telemetry.Telemetry;
import java.nio.file.Path;
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
          "An account as name:base64key; repeat for several (default: devstoreaccount1 with the"
              + " emulator's well-known key; env TABULA_ACCOUNTS, separated by ';').")
  @Nullable List<String> accounts;

  @Option(
      names = "--tls-cert",
      description = "PEM certificate chain; with --tls-key serves HTTPS (env TABULA_TLS_CERT).")
  @Nullable Path tlsCert;

  @Option(names = "--tls-key", description = "PEM private key in PKCS#8 form (env TABULA_TLS_KEY).")
  @Nullable Path tlsKey;

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

  @Mixin CassandraFlags cassandra = new CassandraFlags();

  @Option(
      names = "--config",
      description =
          "A properties file with host, port, data-dir, engine, accounts, tls-cert,"
              + " tls-key, https-port, idle-timeout, request-timeout, workers, queue, block-cache-mb,"
              + " request-memory-mb, max-connections, accept-wal-data-loss, admin-port, admin-host,"
              + " hot-partitions, log-level, access-log.")
  @Nullable Path configFile;

  @Override
  public Integer call() throws Exception {
    ConfigResolver resolver = new ConfigResolver(System.getenv(), configFile);
    LogLevel level = resolver.logLevel(this);
    if (level != null) {
      level.apply();
    }
    AccessLogFormat accessLogFormat = resolver.accessLog(this);
    ServerConfig config = resolver.resolve(this);
    // Before the engine: the Cassandra driver registers its metrics as its session is built.
    Telemetry telemetry = new Telemetry(resolver.hotPartitions(this));
    StorageEngine engine;
    try {
      engine =
          Engines.open(
              config,
              resolver.cassandra(cassandra),
              resolver.acceptWalDataLoss(this),
              telemetry.registry());
    } catch (RocksWalLossException e) {
      System.err.println(StartupFailures.walLoss(e));
      return StartupFailures.EXIT_WAL_DATA_LOSS;
    } catch (RocksStorageException e) {
      System.err.println(StartupFailures.cannotOpen(config.dataDir(), e));
      return StartupFailures.EXIT_CANNOT_OPEN;
    }
    AccessLog.listeners(accessLogFormat).forEach(telemetry::addListener);
    TabulaServer server = TabulaServer.start(config, engine, telemetry);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  LogBackend.stop();
                  stopped.countDown();
                },
                "tabula-shutdown"));
    System.out.printf(
        "Tabula listening on %s (version %s, engine %s, data %s, network %s)%n",
        listeners(config, server),
        TabulaVersion.current(),
        config.engine().name().toLowerCase(java.util.Locale.ROOT),
        storage(config, resolver),
        server.transportName());
    for (Account account : config.accounts()) {
      System.out.println("  account " + account.name() + ": " + server.endpoint(account.name()));
    }
    if (server.adminPort() >= 0) {
      System.out.printf(
          "  admin: http://%s:%d (/health, /ready, /metrics)%n",
          config.transport().adminHost(), server.adminPort());
    }
    stopped.await();
    return 0;
  }

  private Object storage(ServerConfig config, ConfigResolver resolver) {
    return switch (config.engine()) {
      case MEMORY -> "in memory";
      case ROCKSDB -> config.dataDir().toAbsolutePath();
      case CASSANDRA -> "in keyspace " + resolver.cassandra(cassandra).keyspace();
    };
  }

  private static String listeners(ServerConfig config, TabulaServer server) {
    String main = server.endpoint("").replaceAll("/$", "");
    return server.httpsPort() >= 0 && config.transport().servesHttp()
        ? main + " and https://" + config.host() + ":" + server.httpsPort()
        : main;
  }
}
