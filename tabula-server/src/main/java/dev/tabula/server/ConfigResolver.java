package dev.tabula.server;

import dev.tabula.engine.cassandra.CassandraOptions;
import dev.tabula.server.logging.AccessLogFormat;
import dev.tabula.server.logging.LogLevel;
import dev.tabula.server.telemetry.HotPartitions;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * Resolves each setting from, in order: its command-line flag, its {@code TABULA_*} environment
 * variable, the properties file named by {@code --config}, and the default.
 */
final class ConfigResolver {
  private final Map<String, String> env;
  private final Properties file = new Properties();

  ConfigResolver(Map<String, String> env, @Nullable Path configFile) {
    this.env = env;
    if (configFile != null) {
      try (Reader reader = Files.newBufferedReader(configFile)) {
        file.load(reader);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read config file " + configFile, e);
      }
    }
  }

  ServerConfig resolve(ServeCommand flags) {
    ServerConfig defaults = ServerConfig.defaults();
    String host = pick(flags.host, "TABULA_HOST", "host", defaults.host());
    int port = Integer.parseInt(pick(str(flags.port), "TABULA_PORT", "port", "" + defaults.port()));
    Path dataDir =
        Path.of(
            pick(str(flags.dataDir), "TABULA_DATA_DIR", "data-dir", defaults.dataDir().toString()));
    String engineName =
        flags.inMemory ? "memory" : pick(flags.engine, "TABULA_ENGINE", "engine", "rocksdb");
    EngineKind engine = EngineKind.valueOf(engineName.trim().toUpperCase(Locale.ROOT));
    String accountList = flags.accounts == null ? null : String.join(";", flags.accounts);
    String accountsText = pickOrNull(accountList, "TABULA_ACCOUNTS", "accounts");
    List<Account> accounts =
        accountsText == null
            ? defaults.accounts()
            : Arrays.stream(accountsText.split(";"))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(Account::parse)
                .toList();
    return new ServerConfig(
        host,
        port,
        engine,
        dataDir,
        accounts,
        defaults.maxBodyBytes(),
        defaults.pageSize(),
        transport(flags, defaults.transport()),
        resources(flags, defaults.resources()));
  }

  private Resources resources(ServeCommand flags, Resources defaults) {
    int workers =
        Integer.parseInt(
            pick(str(flags.workers), "TABULA_WORKERS", "workers", "" + defaults.workers()));
    int queue =
        Integer.parseInt(
            pick(str(flags.queue), "TABULA_QUEUE", "queue", "" + defaults.queueCapacity()));
    long cacheMb =
        Long.parseLong(
            pick(
                str(flags.blockCacheMb),
                "TABULA_BLOCK_CACHE_MB",
                "block-cache-mb",
                "" + defaults.blockCacheBytes() / (1024 * 1024)));
    String requestMb =
        pickOrNull(str(flags.requestMemoryMb), "TABULA_REQUEST_MEMORY_MB", "request-memory-mb");
    int maxConnections =
        Integer.parseInt(
            pick(
                str(flags.maxConnections),
                "TABULA_MAX_CONNECTIONS",
                "max-connections",
                "" + defaults.maxConnections()));
    Resources resources =
        defaults
            .withWorkers(workers, queue)
            .withBlockCacheMegabytes(cacheMb)
            .withMaxConnections(maxConnections);
    return requestMb == null
        ? resources
        : resources.withRequestMemoryMegabytes(Long.parseLong(requestMb));
  }

  private Transport transport(ServeCommand flags, Transport defaults) {
    String cert = pickOrNull(str(flags.tlsCert), "TABULA_TLS_CERT", "tls-cert");
    String key = pickOrNull(str(flags.tlsKey), "TABULA_TLS_KEY", "tls-key");
    int httpsPort =
        Integer.parseInt(pick(str(flags.httpsPort), "TABULA_HTTPS_PORT", "https-port", "-1"));
    long idle =
        Long.parseLong(
            pick(
                str(flags.idleTimeout),
                "TABULA_IDLE_TIMEOUT",
                "idle-timeout",
                "" + defaults.idleTimeout().toSeconds()));
    long request =
        Long.parseLong(
            pick(
                str(flags.requestTimeout),
                "TABULA_REQUEST_TIMEOUT",
                "request-timeout",
                "" + defaults.requestTimeout().toSeconds()));
    Transport transport =
        defaults
            .withTimeouts(java.time.Duration.ofSeconds(idle), java.time.Duration.ofSeconds(request))
            .withAdmin(
                pick(flags.adminHost, "TABULA_ADMIN_HOST", "admin-host", defaults.adminHost()),
                Integer.parseInt(
                    pick(str(flags.adminPort), "TABULA_ADMIN_PORT", "admin-port", "-1")));
    return cert == null && key == null
        ? transport
        : transport.withTls(
            cert == null ? null : Path.of(cert), key == null ? null : Path.of(key), httpsPort);
  }

  /**
   * Whether the RocksDB engine may open over a write-ahead log that lost acknowledged writes:
   * {@code --accept-wal-data-loss}, else {@code TABULA_ACCEPT_WAL_DATA_LOSS}, else the file's
   * {@code accept-wal-data-loss}; {@code true} or {@code false}, default false.
   */
  boolean acceptWalDataLoss(ServeCommand flags) {
    String value =
        pick(
                str(flags.acceptWalDataLoss),
                "TABULA_ACCEPT_WAL_DATA_LOSS",
                "accept-wal-data-loss",
                "false")
            .trim();
    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException("accept-wal-data-loss must be true or false: " + value);
    }
    return Boolean.parseBoolean(value);
  }

  /**
   * How many of the hottest partitions the metrics list: {@code --hot-partitions}, else {@code
   * TABULA_HOT_PARTITIONS}, else the file's {@code hot-partitions}, else 10.
   */
  int hotPartitions(ServeCommand flags) {
    return Integer.parseInt(
        pick(
                str(flags.hotPartitions),
                "TABULA_HOT_PARTITIONS",
                "hot-partitions",
                "" + HotPartitions.DEFAULT_TOP)
            .trim());
  }

  /**
   * The level of Tabula's loggers: {@code --log-level}, else {@code TABULA_LOG_LEVEL}, else the
   * file's {@code log-level}; null when none is set, which leaves the logging config's levels (info
   * in the shipped one).
   */
  @Nullable LogLevel logLevel(ServeCommand flags) {
    String value = pickOrNull(flags.logLevel, "TABULA_LOG_LEVEL", "log-level");
    return value == null
        ? null
        : LogLevel.parse(value, "--log-level (env TABULA_LOG_LEVEL, config log-level)");
  }

  /**
   * The access log's format: {@code --access-log}, else {@code TABULA_ACCESS_LOG}, else the file's
   * {@code access-log}; off by default.
   */
  AccessLogFormat accessLog(ServeCommand flags) {
    return AccessLogFormat.parse(
        pick(flags.accessLog, "TABULA_ACCESS_LOG", "access-log", "off"),
        "--access-log (env TABULA_ACCESS_LOG, config access-log)");
  }

  /** The Cassandra engine's options: flag, else {@code TABULA_CASSANDRA_*}, else file key. */
  CassandraOptions cassandra(CassandraFlags flags) {
    return flags.resolve(
        (flag, name, fallback) -> {
          String picked =
              pickOrNull(
                  flag,
                  "TABULA_CASSANDRA_" + name.toUpperCase(Locale.ROOT).replace('-', '_'),
                  "cassandra-" + name);
          return picked == null ? fallback : picked;
        });
  }

  private String pick(@Nullable String flag, String envName, String fileKey, String fallback) {
    String picked = pickOrNull(flag, envName, fileKey);
    return picked == null ? fallback : picked;
  }

  private @Nullable String pickOrNull(@Nullable String flag, String envName, String fileKey) {
    if (flag != null) {
      return flag;
    }
    String fromEnv = env.get(envName);
    if (fromEnv != null && !fromEnv.isBlank()) {
      return fromEnv;
    }
    return file.getProperty(fileKey);
  }

  private static @Nullable String str(@Nullable Object value) {
    return value == null ? null : value.toString();
  }
}
