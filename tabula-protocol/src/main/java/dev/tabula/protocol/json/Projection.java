package dev.tabula.protocol.json;

import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A {@code $select} list. Null, empty, or containing {@code *} selects everything. Otherwise only
 * the named properties are written, system ones included: the service returns PartitionKey, RowKey
 * and Timestamp only when selected, and keeps {@code odata.etag} (and the fullmetadata links)
 * regardless (azure-sdk-for-js recording {@code recording_should_select_specific_properties},
 * azure-sdk-for-java {@code TableAsyncClientTest.listEntitiesWithSelect}). A selected property the
 * entity lacks is written as JSON null, as the service does (Azure/Azurite#2535 reports it, with a
 * capture, as a difference from Azurite).
 */
record Projection(@Nullable Set<String> names) {
  static Projection of(@Nullable Set<String> select) {
    // The caller's iteration order is kept: it is echoed in odata.metadata.
    return new Projection(
        select == null || select.isEmpty() || select.contains("*") ? null : select);
  }

  boolean all() {
    return names == null;
  }

  boolean includes(String name) {
    return names == null || names.contains(name);
  }

  /**
   * The tail the service appends to {@code odata.metadata} for a projection: {@code
   * &$select=baz,PartitionKey,RowKey}, names in the order given.
   */
  String metadataSuffix() {
    return names == null ? "" : "&$select=" + String.join(",", names);
  }
}
