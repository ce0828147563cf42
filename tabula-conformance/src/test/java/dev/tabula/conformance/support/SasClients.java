package dev.tabula.conformance.support;

import com.azure.core.credential.AzureSasCredential;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import dev.tabula.server.TabulaServer;
import java.time.Duration;

/**
 * Official-SDK clients that hold nothing but a shared access signature, built the two ways an
 * application builds them: {@code .sasToken(...)} and {@code .credential(new
 * AzureSasCredential(...))}. Retries are off, as in {@link Clients}.
 */
public final class SasClients {
  private SasClients() {}

  /** A table client of the development account authorized by {@code sas} alone. */
  public static TableClient table(TabulaServer server, String tableName, String sas) {
    return new TableClientBuilder()
        .endpoint(server.endpoint(TestAccounts.DEVELOPMENT.name()))
        .tableName(tableName)
        .sasToken(sas)
        .retryOptions(noRetries())
        .buildClient();
  }

  /** The same, with the signature as an {@link AzureSasCredential}. */
  public static TableClient tableWithCredential(TabulaServer server, String tableName, String sas) {
    return new TableClientBuilder()
        .endpoint(server.endpoint(TestAccounts.DEVELOPMENT.name()))
        .tableName(tableName)
        .credential(new AzureSasCredential(sas))
        .retryOptions(noRetries())
        .buildClient();
  }

  /** A service client of the development account authorized by {@code sas} alone. */
  public static TableServiceClient service(TabulaServer server, String sas) {
    return new TableServiceClientBuilder()
        .endpoint(server.endpoint(TestAccounts.DEVELOPMENT.name()))
        .sasToken(sas)
        .retryOptions(noRetries())
        .buildClient();
  }

  /** A signature with one query parameter's value replaced: a tampered token. */
  public static String withParameter(String sas, String name, String encodedValue) {
    StringBuilder out = new StringBuilder();
    boolean replaced = false;
    for (String pair : sas.split("&")) {
      String key = pair.substring(0, pair.indexOf('='));
      out.append(out.length() == 0 ? "" : "&");
      if (key.equals(name)) {
        out.append(name).append('=').append(encodedValue);
        replaced = true;
      } else {
        out.append(pair);
      }
    }
    if (!replaced) {
      out.append('&').append(name).append('=').append(encodedValue);
    }
    return out.toString();
  }

  private static RetryOptions noRetries() {
    return new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1)));
  }
}
