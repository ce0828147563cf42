package dev.tabula.protocol.routing;

import dev.tabula.protocol.auth.ServiceOperation;

/**
 * The operations a request can be routed to, one per thing the service does: the key of the {@link
 * Router}. Each names the {@link ServiceOperation} a shared access signature must allow for it.
 * Update and Merge with an {@code If-Match} and their upserts without one are routes of their own,
 * because a signature must grant more for an upsert.
 */
public enum Route {
  CREATE_TABLE(ServiceOperation.CREATE_TABLE),
  /** Query Tables over the account's tables ({@code GET /Tables}). */
  QUERY_TABLES(ServiceOperation.QUERY_TABLES),
  /** Query Tables for one table by name ({@code GET /Tables('name')}). */
  GET_TABLE(ServiceOperation.QUERY_TABLES),
  DELETE_TABLE(ServiceOperation.DELETE_TABLE),
  INSERT_ENTITY(ServiceOperation.INSERT_ENTITY),
  QUERY_ENTITIES(ServiceOperation.QUERY_ENTITIES),
  /**
   * Tabula's count extension ({@code GET /table()/$count}): a query that returns only how many
   * entities match, so a signature must allow what a query needs.
   */
  COUNT_ENTITIES(ServiceOperation.QUERY_ENTITIES),
  /** Query Entities for one entity by its keys, a point read. */
  GET_ENTITY(ServiceOperation.QUERY_ENTITIES),
  UPDATE_ENTITY(ServiceOperation.UPDATE_ENTITY),
  INSERT_OR_REPLACE_ENTITY(ServiceOperation.INSERT_OR_REPLACE_ENTITY),
  MERGE_ENTITY(ServiceOperation.MERGE_ENTITY),
  INSERT_OR_MERGE_ENTITY(ServiceOperation.INSERT_OR_MERGE_ENTITY),
  DELETE_ENTITY(ServiceOperation.DELETE_ENTITY),
  ENTITY_GROUP_TRANSACTION(ServiceOperation.ENTITY_GROUP_TRANSACTION),
  GET_TABLE_ACL(ServiceOperation.GET_TABLE_ACL),
  SET_TABLE_ACL(ServiceOperation.SET_TABLE_ACL),
  /**
   * Tabula's table settings ({@code GET /table?comp=tabula-settings}): what a table carries beyond
   * the service is the account owner's, as its ACL is, so it is authorized as Get Table ACL (no
   * shared access signature reaches it).
   */
  GET_TABLE_SETTINGS(ServiceOperation.GET_TABLE_ACL),
  /** Tabula's table settings replaced ({@code PUT}); authorized as Set Table ACL. */
  SET_TABLE_SETTINGS(ServiceOperation.SET_TABLE_ACL),
  /**
   * Tabula's change feed ({@code GET /table?comp=tabula-changes}): it shows entities, so a
   * signature must allow what a query needs.
   */
  READ_TABLE_CHANGES(ServiceOperation.QUERY_ENTITIES),
  GET_SERVICE_PROPERTIES(ServiceOperation.GET_SERVICE_PROPERTIES),
  GET_SERVICE_STATS(ServiceOperation.GET_SERVICE_STATS),
  SET_SERVICE_PROPERTIES(ServiceOperation.SET_SERVICE_PROPERTIES);

  private final ServiceOperation authorization;

  Route(ServiceOperation authorization) {
    this.authorization = authorization;
  }

  /** The operation a shared access signature must allow for this route. */
  public ServiceOperation authorization() {
    return authorization;
  }

  /** Whether this route writes one entity named by its URL or, for an insert, by its body. */
  public boolean writesOneEntity() {
    return switch (this) {
      case INSERT_ENTITY,
          UPDATE_ENTITY,
          INSERT_OR_REPLACE_ENTITY,
          MERGE_ENTITY,
          INSERT_OR_MERGE_ENTITY,
          DELETE_ENTITY ->
          true;
      default -> false;
    };
  }

  /**
   * The operation's name as the service's own request logs (Storage Analytics) name it, for access
   * logs and metrics: {@code InsertEntity}, {@code QueryEntities}, {@code EntityGroupTransaction},
   * and so on. Evidence: Microsoft's "Storage Analytics logged operations and status messages"
   * lists these names for the Table service.
   */
  public String operationName() {
    return switch (this) {
      case CREATE_TABLE -> "CreateTable";
      case QUERY_TABLES -> "QueryTables";
      case GET_TABLE -> "QueryTable";
      case DELETE_TABLE -> "DeleteTable";
      case INSERT_ENTITY -> "InsertEntity";
      case QUERY_ENTITIES -> "QueryEntities";
      case COUNT_ENTITIES -> "CountEntities";
      case GET_ENTITY -> "QueryEntity";
      case UPDATE_ENTITY -> "UpdateEntity";
      case INSERT_OR_REPLACE_ENTITY -> "InsertOrReplaceEntity";
      case MERGE_ENTITY -> "MergeEntity";
      case INSERT_OR_MERGE_ENTITY -> "InsertOrMergeEntity";
      case DELETE_ENTITY -> "DeleteEntity";
      case ENTITY_GROUP_TRANSACTION -> "EntityGroupTransaction";
      case GET_TABLE_ACL -> "GetTableACL";
      case SET_TABLE_ACL -> "SetTableACL";
      case GET_TABLE_SETTINGS -> "GetTableSettings";
      case SET_TABLE_SETTINGS -> "SetTableSettings";
      case READ_TABLE_CHANGES -> "ReadTableChanges";
      case GET_SERVICE_PROPERTIES -> "GetTableServiceProperties";
      case GET_SERVICE_STATS -> "GetTableServiceStats";
      case SET_SERVICE_PROPERTIES -> "SetTableServiceProperties";
    };
  }
}
