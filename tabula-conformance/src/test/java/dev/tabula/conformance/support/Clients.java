package dev.tabula.conformance.support;

import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import dev.tabula.server.Account;
import dev.tabula.server.TabulaServer;
import java.time.Duration;

/** Builds official-SDK clients for a running server, exactly as an application would. */
public final class Clients {
  private Clients() {}

  /** The emulator-style connection string for an account of the server, signed with its own key. */
  public static String connectionString(TabulaServer server, Account account) {
    return connectionString(server, account.name(), account.key());
  }

  /** A connection string for an account name with any key (a wrong key gives a refused client). */
  public static String connectionString(TabulaServer server, String accountName, String key) {
    return "DefaultEndpointsProtocol=http;AccountName="
        + accountName
        + ";AccountKey="
        + key
        + ";TableEndpoint="
        + server.endpoint(accountName)
        + ";";
  }

  /** A service client for an account of the server. */
  public static TableServiceClient service(TabulaServer server, Account account) {
    return service(connectionString(server, account));
  }

  /**
   * A service client for a connection string. Retries are off: a conformance test wants the
   * server's first answer, and a retried 5xx would only hide a defect and slow the suite down.
   */
  public static TableServiceClient service(String connectionString) {
    return new TableServiceClientBuilder()
        .connectionString(connectionString)
        .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))))
        .buildClient();
  }
}
