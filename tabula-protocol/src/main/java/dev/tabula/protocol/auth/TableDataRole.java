package dev.tabula.protocol.auth;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Azure's built-in roles for table data, by the operations their actions and data actions allow
 * (learn.microsoft.com/azure/role-based-access-control/built-in-roles/storage):
 *
 * <ul>
 *   <li>Storage Table Data Reader (76199698-9eea-4c19-bc75-cec21354c6b6): {@code
 *       tableServices/tables/read} and the data action {@code tables/entities/read}: list and get
 *       tables, query and get entities.
 *   <li>Storage Table Data Contributor (0a9a7e1f-b9d0-4cc4-a60d-0319b160aaa3): also {@code
 *       tables/write}, {@code tables/delete} and the data actions {@code entities/write}, {@code
 *       delete}, {@code add/action}, {@code update/action}: create and delete tables, insert,
 *       update, merge, upsert and delete entities, batches.
 * </ul>
 *
 * <p>There is no table data Owner role (the Owner role of blobs has no table counterpart), so none
 * is offered. Neither role reaches a table's ACL (Get/Set Table ACL are authorized with Shared Key
 * only; Azurite skips bearer tokens for them too) nor the service's properties and statistics.
 */
public enum TableDataRole {
  READER(
      "Storage Table Data Reader",
      "76199698-9eea-4c19-bc75-cec21354c6b6",
      EnumSet.of(ServiceOperation.QUERY_TABLES, ServiceOperation.QUERY_ENTITIES)),
  CONTRIBUTOR(
      "Storage Table Data Contributor",
      "0a9a7e1f-b9d0-4cc4-a60d-0319b160aaa3",
      EnumSet.of(
          ServiceOperation.QUERY_TABLES,
          ServiceOperation.CREATE_TABLE,
          ServiceOperation.DELETE_TABLE,
          ServiceOperation.QUERY_ENTITIES,
          ServiceOperation.INSERT_ENTITY,
          ServiceOperation.UPDATE_ENTITY,
          ServiceOperation.MERGE_ENTITY,
          ServiceOperation.DELETE_ENTITY,
          ServiceOperation.INSERT_OR_REPLACE_ENTITY,
          ServiceOperation.INSERT_OR_MERGE_ENTITY,
          ServiceOperation.ENTITY_GROUP_TRANSACTION));

  private static final TableDataRole[] ALL = values();

  private final String roleName;
  private final String definitionId;
  private final Set<ServiceOperation> allowed;

  TableDataRole(String roleName, String definitionId, Set<ServiceOperation> allowed) {
    this.roleName = roleName;
    this.definitionId = definitionId;
    this.allowed = allowed;
  }

  /** The role's name in Azure, such as {@code Storage Table Data Reader}. */
  public String roleName() {
    return roleName;
  }

  /** Whether the role's actions allow the operation. */
  public boolean allows(ServiceOperation operation) {
    return allowed.contains(operation);
  }

  /**
   * The role named by its Azure name, its role definition id, or its short name ({@code reader},
   * {@code contributor}); case-insensitive. Empty for anything else, {@code owner} included.
   */
  public static Optional<TableDataRole> named(String name) {
    String wanted = name.strip();
    for (TableDataRole role : ALL) {
      if (role.roleName.equalsIgnoreCase(wanted)
          || role.definitionId.equalsIgnoreCase(wanted)
          || role.name().toLowerCase(Locale.ROOT).equals(wanted.toLowerCase(Locale.ROOT))) {
        return Optional.of(role);
      }
    }
    return Optional.empty();
  }
}
