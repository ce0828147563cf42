package dev.tabula.protocol.auth;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import java.net.InetAddress;
import java.util.Objects;

/**
 * What an account SAS grants: the operations its services, resource types and permissions allow, on
 * every table and key, over the connections it allows. Immutable.
 *
 * <p>Checks in Azurite's order (src/table/authentication/AccountSASAuthenticator.ts), each with the
 * service's code ("SAS error codes", learn.microsoft.com): the Table service must be among {@code
 * ss} (403 AuthorizationServiceMismatch); ACLs are refused to every SAS (403 AuthorizationFailure,
 * "attempting to modify an access control list"); the resource type must be in {@code srt} (403
 * AuthorizationResourceTypeMismatch); one of the permission letters must be in {@code sp}, and the
 * upserts need update too (403 AuthorizationPermissionMismatch).
 */
final class AccountSasGrant implements AccessGrant {
  private final String services;
  private final String resourceTypes;
  private final String permissions;
  private final SasConnection connection;

  AccountSasGrant(
      String services, String resourceTypes, String permissions, SasConnection connection) {
    this.services = Objects.requireNonNull(services, "services");
    this.resourceTypes = Objects.requireNonNull(resourceTypes, "resourceTypes");
    this.permissions = Objects.requireNonNull(permissions, "permissions");
    this.connection = Objects.requireNonNull(connection, "connection");
  }

  @Override
  public void checkConnection(String scheme, InetAddress client) {
    connection.check(scheme, client);
  }

  @Override
  public void authorize(ServiceOperation operation, String table, EntityKey key) {
    if (services.indexOf('t') < 0) {
      throw TableErrorCode.AUTHORIZATION_SERVICE_MISMATCH.exception();
    }
    SasPermissions.AccountRule rule = SasPermissions.accountNeeds(operation);
    if (rule == null) {
      throw TableErrorCode.AUTHORIZATION_FAILURE.exception();
    }
    if (resourceTypes.indexOf(rule.resourceType()) < 0) {
      throw TableErrorCode.AUTHORIZATION_RESOURCE_TYPE_MISMATCH.exception();
    }
    if (!SasPermissions.hasAny(permissions, rule.anyOf())
        || SasPermissions.needsUpdateToo(operation) && permissions.indexOf('u') < 0) {
      throw TableErrorCode.AUTHORIZATION_PERMISSION_MISMATCH.exception();
    }
  }

  @Override
  public KeyScope keys() {
    return KeyScope.ALL;
  }

  @Override
  public String toString() {
    return "AccountSasGrant[" + services + " " + resourceTypes + " " + permissions + "]";
  }
}
