package dev.tabula.protocol.routing;

import dev.tabula.model.EntityKey;
import java.util.Objects;

/**
 * What a request URL names once the account is known.
 *
 * @param account the storage account
 * @param kind the shape of resource
 * @param table the table name for {@link ResourceKind#TABLE_BY_NAME}, {@link ResourceKind#TABLE}
 *     and {@link ResourceKind#ENTITY}; null otherwise
 * @param key the entity key for {@link ResourceKind#ENTITY}; null otherwise
 * @param serviceRoot the URL of the account's service root, for OData links (no trailing slash)
 * @param secondary whether the request came through the account's read-only secondary endpoint
 *     ({@code {account}-secondary}, see {@link ResourceParser})
 */
public record Resource(
    String account,
    ResourceKind kind,
    String table,
    EntityKey key,
    String serviceRoot,
    boolean secondary) {
  public Resource {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(serviceRoot, "serviceRoot");
  }

  /** A resource addressed through the account's primary endpoint. */
  public Resource(
      String account, ResourceKind kind, String table, EntityKey key, String serviceRoot) {
    this(account, kind, table, key, serviceRoot, false);
  }

  /** The same resource, addressed through the account's secondary endpoint. */
  Resource onSecondary() {
    return new Resource(account, kind, table, key, serviceRoot, true);
  }
}
