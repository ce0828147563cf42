package dev.tabula.protocol.routing;

/** The shapes of resource a Table service URL can name, after the account. */
public enum ResourceKind {
  /** The account root: service properties and stats ({@code ?restype=service}). */
  SERVICE,
  /** {@code Tables}: create and list tables. */
  TABLES,
  /** {@code Tables('name')}: one table. */
  TABLE_BY_NAME,
  /** {@code $batch}: an entity group transaction. */
  BATCH,
  /** {@code name} or {@code name()}: a table's entities (insert, query) or its ACL. */
  TABLE,
  /** {@code name?comp=acl}: a table's stored access policies (Get and Set Table ACL). */
  TABLE_ACL,
  /**
   * {@code name()/$count}, only for a request that asked for the {@code count} extension: the
   * number of matching entities.
   */
  TABLE_COUNT,
  /**
   * {@code name?comp=tabula-settings}, only for a request that asked for the {@code settings}
   * extension: the table's extension settings.
   */
  TABLE_SETTINGS,
  /**
   * {@code name?comp=tabula-changes}, only for a request that asked for the {@code changefeed}
   * extension: the table's change feed.
   */
  TABLE_CHANGES,
  /** {@code name(PartitionKey='..',RowKey='..')}: one entity. */
  ENTITY
}
