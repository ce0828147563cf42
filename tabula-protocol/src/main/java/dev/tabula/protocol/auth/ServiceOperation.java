package dev.tabula.protocol.auth;

/**
 * The service's operations by their documented names, as authorization sees them: which one a
 * request performs decides what a shared access signature must grant. Update and Merge without an
 * {@code If-Match} are the upserts Insert Or Replace and Insert Or Merge, which need more. Which
 * one a request performs is decided once, by {@link dev.tabula.protocol.routing.RequestOperation}.
 */
public enum ServiceOperation {
  QUERY_TABLES,
  CREATE_TABLE,
  DELETE_TABLE,
  GET_TABLE_ACL,
  SET_TABLE_ACL,
  /** Query Entities, including a query for one entity by its keys (Get Entity). */
  QUERY_ENTITIES,
  INSERT_ENTITY,
  UPDATE_ENTITY,
  MERGE_ENTITY,
  DELETE_ENTITY,
  INSERT_OR_REPLACE_ENTITY,
  INSERT_OR_MERGE_ENTITY,
  ENTITY_GROUP_TRANSACTION,
  GET_SERVICE_PROPERTIES,
  SET_SERVICE_PROPERTIES,
  GET_SERVICE_STATS
}
