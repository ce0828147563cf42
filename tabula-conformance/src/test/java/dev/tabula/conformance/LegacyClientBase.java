package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.microsoft.azure.storage.StorageException;
import com.microsoft.azure.storage.table.CloudTable;
import com.microsoft.azure.storage.table.CloudTableClient;
import com.microsoft.azure.storage.table.DynamicTableEntity;
import com.microsoft.azure.storage.table.EntityProperty;
import com.microsoft.azure.storage.table.TableOperation;
import com.microsoft.azure.storage.table.TablePayloadFormat;
import dev.tabula.conformance.support.LegacyClients;
import dev.tabula.conformance.support.TestAccounts;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/**
 * The base of the contracts that drive the server with Microsoft's legacy Java library
 * (com.microsoft.azure:azure-storage 8.6.6) as a black box: what it sends is what the service
 * accepted for years, and what it reads back is what the service answered.
 */
abstract class LegacyClientBase extends ConformanceBase {
  /** The legacy client in its default payload format, JSON with minimal metadata. */
  protected CloudTableClient legacy;

  @BeforeParameterizedClassInvocation
  final void startLegacyClient() {
    legacy = LegacyClients.tableClient(server, TestAccounts.DEVELOPMENT);
  }

  /** A client of the same account that sends and reads another payload format. */
  protected CloudTableClient legacy(TablePayloadFormat format) {
    return LegacyClients.tableClient(server, TestAccounts.DEVELOPMENT, format);
  }

  /** Creates a fresh table through the legacy client and returns its reference. */
  protected CloudTable newLegacyTable() throws StorageException {
    CloudTable table = LegacyClients.table(legacy, uniqueTableName());
    table.create();
    return table;
  }

  /**
   * Runs a legacy-client call that must fail with this HTTP status and service error code, as the
   * library surfaces them to applications ({@code getHttpStatusCode()}, {@code getErrorCode()}).
   */
  protected static StorageException assertStorageError(int status, String code, Executable call) {
    StorageException e =
        assertThrows(StorageException.class, call, "expected " + status + " " + code);
    assertThat(e.getHttpStatusCode()).as("status of %s", e.getMessage()).isEqualTo(status);
    assertThat(e.getErrorCode()).as("error code of %s", e.getMessage()).isEqualTo(code);
    return e;
  }

  /** An entity of partition "p" with one Int32 property. */
  protected static DynamicTableEntity entity(String rowKey, String name, int value) {
    DynamicTableEntity e = new DynamicTableEntity("p", rowKey);
    e.getProperties().put(name, new EntityProperty(value));
    return e;
  }

  /** The entity ("p", {@code rowKey}) as the legacy client retrieves it, or null. */
  protected static DynamicTableEntity retrieve(CloudTable table, String rowKey) throws Exception {
    return table
        .execute(TableOperation.retrieve("p", rowKey, DynamicTableEntity.class))
        .getResultAsType();
  }
}
