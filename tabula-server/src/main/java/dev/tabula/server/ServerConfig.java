package dev.tabula.server;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Everything a server needs to start.
 *
 * @param host the address to listen on
 * @param port the port; 0 picks a free one (see {@link TabulaServer#port()})
 * @param engine the storage engine
 * @param dataDir where a persistent engine keeps its files
 * @param accounts the accounts served, at least one
 * @param maxBodyBytes the largest request body accepted; larger ones get 413 RequestBodyTooLarge
 * @param pageSize the most entities per query page: 1,000 as the service, smaller only in tests
 * @param transport TLS, timeouts and request-head limits
 * @param resources the worker pool, its queue and the block cache
 * @param oauth whether and how Microsoft Entra ID bearer tokens are taken
 * @param accountsFile the accounts file the server reads its accounts from when it starts, and
 *     again whenever it changes; null to serve {@code accounts} alone
 */
public record ServerConfig(
    String host,
    int port,
    EngineKind engine,
    Path dataDir,
    List<Account> accounts,
    int maxBodyBytes,
    int pageSize,
    Transport transport,
    Resources resources,
    OAuthSettings oauth,
    @Nullable Path accountsFile) {

  /** The emulator's table port, so emulator connection strings work unchanged. */
  public static final int DEFAULT_PORT = 10002;

  /**
   * The service's request body limit, 4 MiB, for every operation, $batch included: anything larger
   * is 413 RequestBodyTooLarge, refused before it is buffered whole. Evidence: a real-service
   * answer to an oversized insert (Azure/Azurite issue 1319: 413 RequestBodyTooLarge "The request
   * body is too large and exceeds the maximum permissible limit.", Server Windows-Azure-Table/1.0)
   * and to a $batch over 4 MB (Azure/Azurite issue 1467, the same 413, batch-level).
   */
  public static final int DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

  public ServerConfig {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(transport, "transport");
    Objects.requireNonNull(resources, "resources");
    Objects.requireNonNull(oauth, "oauth");
    accounts = List.copyOf(accounts);
    if (accounts.isEmpty()) {
      throw new IllegalArgumentException("at least one account is needed");
    }
    String consoleAccount = transport.consoleAccount();
    if (consoleAccount != null
        && accountsFile == null
        && accounts.stream().noneMatch(account -> account.name().equals(consoleAccount))) {
      throw new IllegalArgumentException(
          "the console account " + consoleAccount + " (--console-account) is not served");
    }
    if (pageSize < 1 || pageSize > 1000) {
      throw new IllegalArgumentException("pageSize must be 1..1000: " + pageSize);
    }
  }

  /** The defaults: 127.0.0.1:10002, RocksDB in ./tabula-data, the development account. */
  public static ServerConfig defaults() {
    return new ServerConfig(
        "127.0.0.1",
        DEFAULT_PORT,
        EngineKind.ROCKSDB,
        Path.of("tabula-data"),
        List.of(Account.DEVELOPMENT),
        DEFAULT_MAX_BODY_BYTES,
        1000,
        Transport.DEFAULTS,
        Resources.DEFAULTS,
        OAuthSettings.DISABLED,
        null);
  }

  /** This config on another port. */
  public ServerConfig withPort(int newPort) {
    return new ServerConfig(
        host,
        newPort,
        engine,
        dataDir,
        accounts,
        maxBodyBytes,
        pageSize,
        transport,
        resources,
        oauth,
        accountsFile);
  }

  /** This config with another engine and data directory. */
  public ServerConfig withEngine(EngineKind newEngine, Path newDataDir) {
    return new ServerConfig(
        host,
        port,
        newEngine,
        newDataDir,
        accounts,
        maxBodyBytes,
        pageSize,
        transport,
        resources,
        oauth,
        accountsFile);
  }

  /** This config with other accounts. */
  public ServerConfig withAccounts(List<Account> newAccounts) {
    return new ServerConfig(
        host,
        port,
        engine,
        dataDir,
        newAccounts,
        maxBodyBytes,
        pageSize,
        transport,
        resources,
        oauth,
        accountsFile);
  }

  /**
   * This config reading its accounts from {@code file} when the server starts, and again whenever
   * the file changes (see {@code docs/accounts.md}); the accounts given so far are not served.
   */
  public ServerConfig withAccountsFile(Path file) {
    return new ServerConfig(
        host,
        port,
        engine,
        dataDir,
        accounts,
        maxBodyBytes,
        pageSize,
        transport,
        resources,
        oauth,
        file);
  }

  /** This config with another transport (TLS, timeouts, limits). */
  public ServerConfig withTransport(Transport newTransport) {
    return new ServerConfig(
        host,
        port,
        engine,
        dataDir,
        accounts,
        maxBodyBytes,
        pageSize,
        newTransport,
        resources,
        oauth,
        accountsFile);
  }

  /** This config with other resource bounds (worker pool, queue, block cache). */
  public ServerConfig withResources(Resources newResources) {
    return new ServerConfig(
        host,
        port,
        engine,
        dataDir,
        accounts,
        maxBodyBytes,
        pageSize,
        transport,
        newResources,
        oauth,
        accountsFile);
  }

  /** This config taking bearer tokens as {@code newOAuth} says. */
  public ServerConfig withOAuth(OAuthSettings newOAuth) {
    return new ServerConfig(
        host,
        port,
        engine,
        dataDir,
        accounts,
        maxBodyBytes,
        pageSize,
        transport,
        resources,
        newOAuth,
        accountsFile);
  }

  /** This config with another page size (tests force small pages to exercise continuations). */
  public ServerConfig withPageSize(int newPageSize) {
    return new ServerConfig(
        host,
        port,
        engine,
        dataDir,
        accounts,
        maxBodyBytes,
        newPageSize,
        transport,
        resources,
        oauth,
        accountsFile);
  }
}
