package dev.tabula.conformance.support;

import com.microsoft.azure.storage.CloudStorageAccount;
import com.microsoft.azure.storage.RetryNoRetry;
import com.microsoft.azure.storage.table.CloudTable;
import com.microsoft.azure.storage.table.CloudTableClient;
import com.microsoft.azure.storage.table.TablePayloadFormat;
import dev.tabula.server.Account;
import dev.tabula.server.TabulaServer;
import java.net.URISyntaxException;
import java.security.InvalidKeyException;

/**
 * Builds clients of Microsoft's legacy Java library (com.microsoft.azure:azure-storage 8.6.6) for a
 * running server, as an application of that era would: from the emulator-style connection string
 * with a path-style {@code TableEndpoint}, the same one {@link Clients} gives the current SDK.
 */
public final class LegacyClients {
  private LegacyClients() {}

  /**
   * A table client for an account of the server, in the library's default payload format (JSON with
   * minimal metadata). Retries are off, as for {@link Clients}: a test wants the first answer.
   */
  public static CloudTableClient tableClient(TabulaServer server, Account account) {
    try {
      CloudStorageAccount storage =
          CloudStorageAccount.parse(Clients.connectionString(server, account));
      CloudTableClient client = storage.createCloudTableClient();
      client.getDefaultRequestOptions().setRetryPolicyFactory(new RetryNoRetry());
      return client;
    } catch (URISyntaxException | InvalidKeyException e) {
      throw new IllegalStateException("the legacy client refused the connection string", e);
    }
  }

  /** The same client with another payload format for every request it sends. */
  public static CloudTableClient tableClient(
      TabulaServer server, Account account, TablePayloadFormat format) {
    CloudTableClient client = tableClient(server, account);
    client.getDefaultRequestOptions().setTablePayloadFormat(format);
    return client;
  }

  /** A reference to a table of the client; the library only fails here on a malformed name. */
  public static CloudTable table(CloudTableClient client, String name) {
    try {
      return client.getTableReference(name);
    } catch (URISyntaxException | com.microsoft.azure.storage.StorageException e) {
      throw new IllegalStateException("the legacy client refused the table name " + name, e);
    }
  }
}
