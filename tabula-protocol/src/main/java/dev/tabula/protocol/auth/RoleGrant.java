package dev.tabula.protocol.auth;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import java.net.InetAddress;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a bearer token's principal may do: the operations its {@link RoleAssignment roles} allow,
 * over HTTPS only. An operation no role allows is 403 AuthorizationPermissionMismatch, the
 * service's answer to a principal without the data action ("Authorize access to tables using
 * Microsoft Entra ID",
 * learn.microsoft.com/azure/storage/tables/authorize-access-azure-active-directory).
 */
final class RoleGrant implements AccessGrant {
  private final List<RoleAssignment> assignments;

  RoleGrant(List<RoleAssignment> assignments) {
    this.assignments = List.copyOf(assignments);
  }

  /**
   * Refuses HTTP: Azure Storage takes bearer tokens over HTTPS only, and Azurite answers a bearer
   * token over HTTP with 403 AuthenticationFailed "Authentication scheme Bearer is not allowed with
   * HTTP." (src/table/authentication/TableTokenAuthenticator.ts); we answer the same.
   */
  @Override
  public void checkConnection(String scheme, @Nullable InetAddress client) {
    if (!"https".equalsIgnoreCase(scheme)) {
      throw AuthenticationErrors.authenticationFailed(
          "Authentication scheme Bearer is not allowed with HTTP.");
    }
  }

  @Override
  public void authorize(
      ServiceOperation operation, @Nullable String table, @Nullable EntityKey key) {
    for (RoleAssignment assignment : assignments) {
      if (assignment.allows(operation, table)) {
        return;
      }
    }
    throw TableErrorCode.AUTHORIZATION_PERMISSION_MISMATCH.exception();
  }

  /** Roles reach tables, never single entities. */
  @Override
  public KeyScope keys() {
    return KeyScope.ALL;
  }
}
