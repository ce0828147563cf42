package dev.tabula.server;

import dev.tabula.engine.cassandra.CassandraOptions;
import dev.tabula.protocol.auth.RoleAssignments;
import dev.tabula.server.admin.AdminToken;
import dev.tabula.server.logging.AccessLogFormat;
import dev.tabula.server.logging.LogLevel;
import dev.tabula.server.telemetry.HotPartitions;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Resolves each setting from, in order: its command-line flag, its {@code TABULA_*} environment
 * variable, the properties file named by {@code --config}, and the default.
 *
 * <p>Every value is checked here, before anything is opened or created: a value that cannot be used
 * is an {@link OperatorError} naming where it came from (the flag, the variable, or the file and
 * key), so the operator knows what to change.
 */
final class ConfigResolver {
  private static final long MIB = 1024L * 1024;

  private final Map<String, String> env;
  private final @Nullable Path configFile;
  private final Properties file = new Properties();

  /** Where each setting read so far came from, by config-file key. */
  private final Map<String, String> sources = new HashMap<>();

  /**
   * @throws OperatorError when the config file cannot be read
   */
  ConfigResolver(Map<String, String> env, @Nullable Path configFile) {
    this.env = env;
    this.configFile = configFile;
    if (configFile != null) {
      try (Reader reader = Files.newBufferedReader(configFile)) {
        file.load(reader);
      } catch (IOException | IllegalArgumentException e) {
        throw new OperatorError(
            "tabula: cannot read the config file " + configFile + " (--config): " + why(e), e);
      }
    }
  }

  /**
   * The server's config.
   *
   * @throws OperatorError for an unknown config-file key or a value that cannot be used
   */
  ServerConfig resolve(ServeCommand flags) {
    if (configFile != null) {
      ConfigFileKeys.check(file.stringPropertyNames(), configFile);
    }
    ServerConfig defaults = ServerConfig.defaults();
    String host = text(flags.host, "host", defaults.host());
    int port = (int) number(str(flags.port), "port", defaults.port(), 0, 65_535);
    Path dataDir = Path.of(text(str(flags.dataDir), "data-dir", defaults.dataDir().toString()));
    EngineKind engine = flags.inMemory ? EngineKind.MEMORY : engine(flags.engine);
    AccountSources.Chosen accounts =
        new AccountSources(env, file, String.valueOf(configFile)).choose(flags);
    if (accounts != null) {
      sources.put("accounts", accounts.source());
    }
    Transport transport = transport(flags, defaults.transport());
    OAuthSettings oauth = oauth(flags, transport);
    try {
      return new ServerConfig(
          host,
          port,
          engine,
          dataDir,
          accounts == null ? defaults.accounts() : accounts.accounts(),
          defaults.maxBodyBytes(),
          defaults.pageSize(),
          transport,
          resources(flags, defaults.resources()),
          oauth,
          accounts == null ? null : accounts.file());
    } catch (OperatorError e) {
      throw e;
    } catch (IllegalArgumentException e) { // a rule that spans settings, which the records check
      throw new OperatorError("tabula: " + e.getMessage(), e);
    }
  }

  /**
   * Where a setting resolved by {@link #resolve} came from: its flag ({@code --port}), its variable
   * ({@code TABULA_PORT}), {@code config file PATH: key}, or {@code the default}.
   */
  String sourceOf(String fileKey) {
    return sources.getOrDefault(fileKey, "the default");
  }

  private EngineKind engine(@Nullable String flag) {
    Picked picked = pick(flag, "--engine", "TABULA_ENGINE", "engine");
    if (picked == null) {
      return EngineKind.ROCKSDB;
    }
    String name = picked.text().trim().toLowerCase(Locale.ROOT);
    for (EngineKind kind : EngineKind.values()) {
      if (kind.name().toLowerCase(Locale.ROOT).equals(name)) {
        return kind;
      }
    }
    String choices =
        Arrays.stream(EngineKind.values())
            .map(kind -> kind.name().toLowerCase(Locale.ROOT))
            .collect(Collectors.joining(", "));
    throw new OperatorError(
        "tabula: "
            + picked.source()
            + ": unknown engine '"
            + picked.text()
            + "'; choose one of "
            + choices);
  }

  private Resources resources(ServeCommand flags, Resources defaults) {
    int workers = (int) number(str(flags.workers), "workers", defaults.workers(), 1, 10_000);
    int queue = (int) number(str(flags.queue), "queue", defaults.queueCapacity(), 1, 1_000_000);
    long cacheMb =
        number(
            str(flags.blockCacheMb),
            "block-cache-mb",
            defaults.blockCacheBytes() / MIB,
            1,
            Long.MAX_VALUE / MIB);
    long requestMb =
        number(
            str(flags.requestMemoryMb),
            "request-memory-mb",
            defaults.requestMemoryBytes() / MIB,
            1,
            Long.MAX_VALUE / MIB);
    int maxConnections =
        (int)
            number(
                str(flags.maxConnections),
                "max-connections",
                defaults.maxConnections(),
                1,
                1_000_000);
    Resources resources =
        defaults
            .withWorkers(workers, queue)
            .withBlockCacheMegabytes(cacheMb)
            .withMaxConnections(maxConnections);
    return sources.containsKey("request-memory-mb")
        ? resources.withRequestMemoryMegabytes(requestMb)
        : resources;
  }

  private Transport transport(ServeCommand flags, Transport defaults) {
    Picked cert = pick(str(flags.tlsCert), "--tls-cert", "TABULA_TLS_CERT", "tls-cert");
    Picked key = pick(str(flags.tlsKey), "--tls-key", "TABULA_TLS_KEY", "tls-key");
    Picked password =
        pick(flags.tlsPassword, "--tls-password", "TABULA_TLS_PASSWORD", "tls-password");
    Picked alias = pick(flags.tlsAlias, "--tls-alias", "TABULA_TLS_ALIAS", "tls-alias");
    Picked adminHost = pick(flags.adminHost, "--admin-host", "TABULA_ADMIN_HOST", "admin-host");
    AdminToken adminToken = adminToken(flags);
    int httpsPort = (int) number(str(flags.httpsPort), "https-port", -1, 0, 65_535);
    long idle =
        number(
            str(flags.idleTimeout),
            "idle-timeout",
            defaults.idleTimeout().toSeconds(),
            1,
            Integer.MAX_VALUE);
    long request =
        number(
            str(flags.requestTimeout),
            "request-timeout",
            defaults.requestTimeout().toSeconds(),
            1,
            Integer.MAX_VALUE);
    if (cert == null) {
      // A PEM certificate without its key is told by the file's content, when it is read.
      for (Picked given : new Picked[] {key, password, alias}) {
        if (given != null) {
          throw new OperatorError(
              "tabula: "
                  + given.source()
                  + " needs --tls-cert (or TABULA_TLS_CERT) too: HTTPS takes a certificate");
        }
      }
    }
    if (httpsPort >= 0 && cert == null) {
      throw new OperatorError(
          "tabula: "
              + sourceOf("https-port")
              + " needs --tls-cert (with --tls-key for PEM) for its HTTPS");
    }
    Transport transport =
        defaults
            .withTimeouts(Duration.ofSeconds(idle), Duration.ofSeconds(request))
            .withAdmin(
                adminHost == null ? defaults.adminHost() : adminHost.text().trim(),
                (int) number(str(flags.adminPort), "admin-port", -1, 0, 65_535))
            .withAdminToken(adminToken)
            .withConsoleAccount(consoleAccount(flags));
    return cert == null
        ? transport
        : transport.withTls(
            new TlsFiles(
                Path.of(cert.text()),
                key == null ? null : Path.of(key.text()),
                password == null ? null : password.text(),
                alias == null ? null : alias.text().trim()),
            httpsPort);
  }

  /**
   * Bearer tokens: {@code --oauth-jwks} (a file or an https URL) or {@code --oauth-dev-unsigned},
   * with {@code --oauth-tenant} and, optionally, {@code --oauth-roles}; each also from its {@code
   * TABULA_OAUTH_*} variable and config-file key (tenants separated by commas there). Off when
   * neither of the first two is given. Azure takes bearer tokens over HTTPS only, so they need TLS.
   */
  private OAuthSettings oauth(ServeCommand flags, Transport transport) {
    Picked jwks = pick(flags.oauthJwks, "--oauth-jwks", "TABULA_OAUTH_JWKS", "oauth-jwks");
    Picked unsigned =
        pick(
            str(flags.oauthDevUnsigned),
            "--oauth-dev-unsigned",
            "TABULA_OAUTH_DEV_UNSIGNED",
            "oauth-dev-unsigned");
    String tenantList = flags.oauthTenants == null ? null : String.join(",", flags.oauthTenants);
    Picked tenants = pick(tenantList, "--oauth-tenant", "TABULA_OAUTH_TENANT", "oauth-tenant");
    Picked roles =
        pick(str(flags.oauthRoles), "--oauth-roles", "TABULA_OAUTH_ROLES", "oauth-roles");
    boolean devUnsigned = unsigned != null && bool(unsigned);
    if (jwks == null && !devUnsigned) {
      if (tenants != null || roles != null) {
        Picked given = Objects.requireNonNull(tenants != null ? tenants : roles);
        throw new OperatorError(
            "tabula: "
                + given.source()
                + " needs --oauth-jwks (or --oauth-dev-unsigned): where the tokens' signing keys"
                + " are");
      }
      return OAuthSettings.DISABLED;
    }
    String source = jwks != null ? jwks.source() : Objects.requireNonNull(unsigned).source();
    if (!transport.tls()) {
      throw new OperatorError(
          "tabula: "
              + source
              + " needs HTTPS (--tls-cert): Azure takes bearer tokens over HTTPS"
              + " only");
    }
    List<String> tenantIds =
        tenants == null
            ? List.of()
            : Arrays.stream(tenants.text().split(","))
                .map(String::strip)
                .filter(id -> !id.isEmpty())
                .toList();
    RolesFile rolesFile = null;
    if (roles != null) {
      try {
        rolesFile = RolesFile.read(Path.of(roles.text().strip()));
      } catch (IllegalArgumentException e) {
        throw new OperatorError("tabula: " + roles.source() + ": " + e.getMessage(), e);
      }
    }
    OAuthSettings settings;
    try {
      settings =
          OAuthSettings.of(
              jwks == null ? null : jwks.text().strip(),
              tenantIds,
              RoleAssignments.NONE,
              devUnsigned);
    } catch (IllegalArgumentException e) {
      throw new OperatorError("tabula: " + source + ": " + e.getMessage(), e);
    }
    return rolesFile == null ? settings : settings.withRolesFile(rolesFile);
  }

  /** {@code true} or {@code false}, whatever the case; anything else names its source. */
  private static boolean bool(Picked picked) {
    String value = picked.text().trim();
    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
      throw new OperatorError(
          "tabula: " + picked.source() + ": '" + picked.text() + "' is not true or false");
    }
    return Boolean.parseBoolean(value);
  }

  /**
   * The one account the console acts as: {@code --console-account}, else {@code
   * TABULA_CONSOLE_ACCOUNT}, else the file's {@code console-account}; null for every account.
   */
  private @Nullable String consoleAccount(ServeCommand flags) {
    Picked picked =
        pick(
            flags.consoleAccount, "--console-account", "TABULA_CONSOLE_ACCOUNT", "console-account");
    return picked == null || picked.text().isBlank() ? null : picked.text().trim();
  }

  /**
   * The admin token: {@code --admin-token}, else {@code TABULA_ADMIN_TOKEN}, else the file's {@code
   * admin-token}; null when none is set.
   */
  private @Nullable AdminToken adminToken(ServeCommand flags) {
    Picked picked = pick(flags.adminToken, "--admin-token", "TABULA_ADMIN_TOKEN", "admin-token");
    if (picked == null) {
      return null;
    }
    try {
      return AdminToken.of(picked.text().trim());
    } catch (IllegalArgumentException e) {
      // The message names the rule, never the token.
      throw new OperatorError("tabula: " + picked.source() + ": " + e.getMessage());
    }
  }

  /**
   * Whether the RocksDB engine may open over a write-ahead log that lost acknowledged writes:
   * {@code --accept-wal-data-loss}, else {@code TABULA_ACCEPT_WAL_DATA_LOSS}, else the file's
   * {@code accept-wal-data-loss}; {@code true} or {@code false}, default false.
   */
  boolean acceptWalDataLoss(ServeCommand flags) {
    Picked picked =
        pick(
            str(flags.acceptWalDataLoss),
            "--accept-wal-data-loss",
            "TABULA_ACCEPT_WAL_DATA_LOSS",
            "accept-wal-data-loss");
    if (picked == null) {
      return false;
    }
    String value = picked.text().trim();
    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
      throw new OperatorError(
          "tabula: " + picked.source() + ": '" + picked.text() + "' is not true or false");
    }
    return Boolean.parseBoolean(value);
  }

  /**
   * How many of the hottest partitions the metrics list: {@code --hot-partitions}, else {@code
   * TABULA_HOT_PARTITIONS}, else the file's {@code hot-partitions}, else 10.
   */
  int hotPartitions(ServeCommand flags) {
    return (int)
        number(str(flags.hotPartitions), "hot-partitions", HotPartitions.DEFAULT_TOP, 1, 1000);
  }

  /**
   * The level of Tabula's loggers: {@code --log-level}, else {@code TABULA_LOG_LEVEL}, else the
   * file's {@code log-level}; null when none is set, which leaves the logging config's levels (info
   * in the shipped one).
   */
  @Nullable LogLevel logLevel(ServeCommand flags) {
    Picked picked = pick(flags.logLevel, "--log-level", "TABULA_LOG_LEVEL", "log-level");
    return picked == null ? null : choice(() -> LogLevel.parse(picked.text(), picked.source()));
  }

  /**
   * The access log's format: {@code --access-log}, else {@code TABULA_ACCESS_LOG}, else the file's
   * {@code access-log}; off by default.
   */
  AccessLogFormat accessLog(ServeCommand flags) {
    Picked picked = pick(flags.accessLog, "--access-log", "TABULA_ACCESS_LOG", "access-log");
    return picked == null
        ? AccessLogFormat.OFF
        : choice(() -> AccessLogFormat.parse(picked.text(), picked.source()));
  }

  /** A named choice, whose refusal (naming the setting and the choices) is an operator error. */
  private static <T> T choice(java.util.function.Supplier<T> parse) {
    try {
      return parse.get();
    } catch (IllegalArgumentException e) {
      throw new OperatorError("tabula: " + e.getMessage(), e);
    }
  }

  /**
   * How long a stopping server waits for the requests in flight: {@code --drain-timeout}, else
   * {@code TABULA_DRAIN_TIMEOUT}, else the file's {@code drain-timeout}, in seconds; default 10.
   */
  Duration drainTimeout(ServeCommand flags) {
    return Duration.ofSeconds(number(str(flags.drainTimeout), "drain-timeout", 10, 0, 3600));
  }

  /**
   * How often the time-to-live reclaimer runs: {@code --ttl-sweep-interval}, else {@code
   * TABULA_TTL_SWEEP_INTERVAL}, else the file's {@code ttl-sweep-interval}, in seconds; default 60;
   * zero turns it off.
   */
  Duration ttlSweepInterval(ServeCommand flags) {
    return Duration.ofSeconds(
        number(str(flags.ttlSweepInterval), "ttl-sweep-interval", 60, 0, 86_400));
  }

  /** The Cassandra engine's options: flag, else {@code TABULA_CASSANDRA_*}, else file key. */
  CassandraOptions cassandra(CassandraFlags flags) {
    try {
      return flags.resolve(
          (flag, name, fallback) -> {
            Picked picked =
                pick(
                    flag,
                    "--cassandra-" + name,
                    "TABULA_CASSANDRA_" + name.toUpperCase(Locale.ROOT).replace('-', '_'),
                    "cassandra-" + name);
            return picked == null ? fallback : picked.text();
          });
    } catch (IllegalArgumentException e) {
      throw new OperatorError("tabula: a --cassandra-* setting: " + e.getMessage(), e);
    }
  }

  /** A setting's text and where it came from (see {@link #sourceOf}). */
  record Picked(String text, String source) {}

  private String text(@Nullable String flag, String fileKey, String fallback) {
    Picked picked = pick(flag, "--" + fileKey, envName(fileKey), fileKey);
    return picked == null ? fallback : picked.text();
  }

  /** A whole number in {@code min..max}, or {@code fallback} when the setting is not given. */
  private long number(@Nullable String flag, String fileKey, long fallback, long min, long max) {
    Picked picked = pick(flag, "--" + fileKey, envName(fileKey), fileKey);
    if (picked == null) {
      return fallback;
    }
    long value;
    try {
      value = Long.parseLong(picked.text().trim());
    } catch (NumberFormatException e) {
      throw new OperatorError(
          "tabula: " + picked.source() + ": '" + picked.text() + "' is not a number", e);
    }
    if (value < min || value > max) {
      throw new OperatorError(
          "tabula: "
              + picked.source()
              + ": "
              + value
              + " is out of range ("
              + min
              + (max >= Integer.MAX_VALUE ? " or more" : " to " + max)
              + ")");
    }
    return value;
  }

  private @Nullable Picked pick(
      @Nullable String flag, String flagName, String envName, String fileKey) {
    Picked picked = null;
    String fromEnv = env.get(envName);
    String fromFile = file.getProperty(fileKey);
    if (flag != null) {
      picked = new Picked(flag, flagName);
    } else if (fromEnv != null && !fromEnv.isBlank()) {
      picked = new Picked(fromEnv, envName);
    } else if (fromFile != null) {
      picked = new Picked(fromFile, "config file " + configFile + ": " + fileKey);
    }
    if (picked != null) {
      sources.put(fileKey, picked.source());
    }
    return picked;
  }

  private static String envName(String fileKey) {
    return "TABULA_" + fileKey.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  private static String why(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    return String.valueOf(e.getMessage());
  }

  private static @Nullable String str(@Nullable Object value) {
    return value == null ? null : value.toString();
  }
}
