package dev.tabula.protocol.auth;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One role held by a principal in one account: over every table, or over one table only, as Azure
 * scopes an assignment to the account or to {@code .../tableServices/default/tables/NAME}.
 *
 * @param table the one table the role covers, or null for every table of the account
 */
public record RoleAssignment(TableDataRole role, @Nullable String table) {
  public RoleAssignment {
    Objects.requireNonNull(role, "role");
  }

  /**
   * Whether it allows {@code operation} on {@code table} (null when the operation names none, as
   * Query Tables and Create Table do: only an account-wide assignment covers those). Table names
   * compare ignoring case, as the service's do.
   */
  boolean allows(ServiceOperation operation, @Nullable String onTable) {
    if (!role.allows(operation)) {
      return false;
    }
    return table == null || (onTable != null && table.equalsIgnoreCase(onTable));
  }
}
