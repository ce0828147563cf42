package dev.tabula.protocol.auth;

import java.util.EnumMap;
import java.util.Map;

/**
 * What each operation needs from a shared access signature.
 *
 * <p>Service SAS on a table (learn.microsoft.com "Create a service SAS", "Permissions for a
 * table"): {@code r} to get and query entities, {@code a} to add, {@code u} to update and merge,
 * {@code d} to delete, and both {@code a} and {@code u} for the upserts. It "cannot grant access
 * to" creating, deleting or listing tables, nor to ACLs or the service's properties: those have no
 * entry here and are refused.
 *
 * <p>Account SAS (learn.microsoft.com "Create an account SAS", the Table service table, and Azurite
 * src/table/authentication/OperationAccountSASPermission.ts): the resource type and the letters any
 * one of which suffices. Get/Set Table ACL have no entry: no SAS may call them.
 */
final class SasPermissions {
  /** An account SAS requirement: one resource type, and any one of some permission letters. */
  record AccountRule(char resourceType, String anyOf) {}

  private static final Map<ServiceOperation, String> SERVICE =
      new EnumMap<>(ServiceOperation.class);
  private static final Map<ServiceOperation, AccountRule> ACCOUNT =
      new EnumMap<>(ServiceOperation.class);

  static {
    SERVICE.put(ServiceOperation.QUERY_ENTITIES, "r");
    SERVICE.put(ServiceOperation.INSERT_ENTITY, "a");
    SERVICE.put(ServiceOperation.UPDATE_ENTITY, "u");
    SERVICE.put(ServiceOperation.MERGE_ENTITY, "u");
    SERVICE.put(ServiceOperation.DELETE_ENTITY, "d");
    SERVICE.put(ServiceOperation.INSERT_OR_REPLACE_ENTITY, "au");
    SERVICE.put(ServiceOperation.INSERT_OR_MERGE_ENTITY, "au");
    // A batch is checked operation by operation; the request itself needs no letter.
    SERVICE.put(ServiceOperation.ENTITY_GROUP_TRANSACTION, "");

    ACCOUNT.put(ServiceOperation.GET_SERVICE_PROPERTIES, new AccountRule('s', "r"));
    ACCOUNT.put(ServiceOperation.SET_SERVICE_PROPERTIES, new AccountRule('s', "w"));
    ACCOUNT.put(ServiceOperation.GET_SERVICE_STATS, new AccountRule('s', "r"));
    ACCOUNT.put(ServiceOperation.QUERY_TABLES, new AccountRule('c', "l"));
    ACCOUNT.put(ServiceOperation.CREATE_TABLE, new AccountRule('c', "cw"));
    ACCOUNT.put(ServiceOperation.DELETE_TABLE, new AccountRule('c', "d"));
    ACCOUNT.put(ServiceOperation.QUERY_ENTITIES, new AccountRule('o', "r"));
    ACCOUNT.put(ServiceOperation.INSERT_ENTITY, new AccountRule('o', "a"));
    ACCOUNT.put(ServiceOperation.UPDATE_ENTITY, new AccountRule('o', "u"));
    ACCOUNT.put(ServiceOperation.MERGE_ENTITY, new AccountRule('o', "u"));
    ACCOUNT.put(ServiceOperation.DELETE_ENTITY, new AccountRule('o', "d"));
    ACCOUNT.put(ServiceOperation.INSERT_OR_REPLACE_ENTITY, new AccountRule('o', "a"));
    ACCOUNT.put(ServiceOperation.INSERT_OR_MERGE_ENTITY, new AccountRule('o', "a"));
    ACCOUNT.put(ServiceOperation.ENTITY_GROUP_TRANSACTION, new AccountRule('o', "raud"));
  }

  private SasPermissions() {}

  /** The letters a service SAS needs, all of them; null when no service SAS may do it. */
  static String serviceNeeds(ServiceOperation operation) {
    return SERVICE.get(operation);
  }

  /** The account SAS rule; null when no account SAS may do it. */
  static AccountRule accountNeeds(ServiceOperation operation) {
    return ACCOUNT.get(operation);
  }

  /** Whether the account SAS upserts also need {@code u}: Insert Or Replace/Merge need a and u. */
  static boolean needsUpdateToo(ServiceOperation operation) {
    return operation == ServiceOperation.INSERT_OR_REPLACE_ENTITY
        || operation == ServiceOperation.INSERT_OR_MERGE_ENTITY;
  }

  /** A table's service SAS letters, in the order a signature must give them. */
  private static final String TABLE_LETTERS = "raud";

  /**
   * Refuses a service SAS {@code sp} that is not letters of {@code raud} in that order, each at
   * most once: 403 AuthenticationFailed "Signature fields not well formed.". The service's
   * documentation ("Create a service SAS", the permissions of a table: query r, add a, update u,
   * delete d) says permissions must be given in their listed order; every SDK writes them so (Java
   * TableSasPermission, .NET TableSasPermissions, Python and JavaScript alike). An account SAS is
   * not held to this: its documentation says letters that do not apply to the signed resource types
   * are ignored, so there they grant nothing and refuse nothing.
   */
  static void requireTableOrder(String permissions) {
    int next = 0;
    for (int i = 0; i < permissions.length(); i++) {
      int at = TABLE_LETTERS.indexOf(permissions.charAt(i), next);
      if (at < 0) {
        throw AuthenticationErrors.authenticationFailed("Signature fields not well formed.");
      }
      next = at + 1;
    }
  }

  /** Whether {@code granted} holds every letter of {@code needed}. */
  static boolean hasAll(String granted, String needed) {
    return needed.chars().allMatch(c -> granted.indexOf(c) >= 0);
  }

  /** Whether {@code granted} holds at least one letter of {@code anyOf}. */
  static boolean hasAny(String granted, String anyOf) {
    return anyOf.chars().anyMatch(c -> granted.indexOf(c) >= 0);
  }
}
