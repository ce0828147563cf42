package dev.tabula.protocol.auth;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import java.net.InetAddress;
import java.util.Objects;

/**
 * What a table's service SAS grants: the entity operations its permissions allow, on its table
 * only, within its key scope, over the connections it allows. Immutable.
 *
 * <p>Refusals ("SAS error codes", learn.microsoft.com): an operation no service SAS may call
 * (table, ACL and service operations) or another table is 403 AuthorizationFailure, "other
 * authorization errors"; a missing permission is 403 AuthorizationPermissionMismatch. The service
 * says writes outside the key range "will fail" without naming the code; we answer
 * AuthorizationFailure (unconfirmed).
 */
final class ServiceSasGrant implements AccessGrant {
  private final String table;
  private final String permissions;
  private final KeyScope keys;
  private final SasConnection connection;

  ServiceSasGrant(String table, String permissions, KeyScope keys, SasConnection connection) {
    this.table = Objects.requireNonNull(table, "table");
    this.permissions = Objects.requireNonNull(permissions, "permissions");
    this.keys = Objects.requireNonNull(keys, "keys");
    this.connection = Objects.requireNonNull(connection, "connection");
  }

  @Override
  public void checkConnection(String scheme, InetAddress client) {
    connection.check(scheme, client);
  }

  @Override
  public void authorize(ServiceOperation operation, String requestTable, EntityKey key) {
    String needed = SasPermissions.serviceNeeds(operation);
    if (needed == null || requestTable != null && !requestTable.equalsIgnoreCase(table)) {
      throw TableErrorCode.AUTHORIZATION_FAILURE.exception();
    }
    if (!SasPermissions.hasAll(permissions, needed)) {
      throw TableErrorCode.AUTHORIZATION_PERMISSION_MISMATCH.exception();
    }
    if (key != null && !keys.contains(key)) {
      throw TableErrorCode.AUTHORIZATION_FAILURE.exception();
    }
  }

  @Override
  public KeyScope keys() {
    return keys;
  }

  @Override
  public String toString() {
    return "ServiceSasGrant[" + table + " " + permissions + " " + keys + "]";
  }
}
