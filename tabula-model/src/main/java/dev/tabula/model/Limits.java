package dev.tabula.model;

/**
 * The service's documented limits (learn.microsoft.com "Understanding the Table service data
 * model").
 */
public final class Limits {
  /** Custom properties an entity may carry besides PartitionKey, RowKey and Timestamp. */
  public static final int MAX_CUSTOM_PROPERTIES = 252;

  /** Longest property name, in characters. */
  public static final int MAX_PROPERTY_NAME_LENGTH = 255;

  /** Longest PartitionKey or RowKey, in characters ("up to 1 KiB", the scale-targets page). */
  public static final int MAX_KEY_LENGTH = 1024;

  /** Longest string: 64 KiB of UTF-16, that is 32K characters. */
  public static final int MAX_STRING_CHARS = 32 * 1024;

  /** Largest binary value, in bytes. */
  public static final int MAX_BINARY_BYTES = 64 * 1024;

  /** Largest entity, by the service's size accounting (see {@link EntityRules#size}). */
  public static final long MAX_ENTITY_BYTES = 1024L * 1024L;

  /** Entities in one page of a query. */
  public static final int MAX_PAGE_SIZE = 1000;

  /** Tables in one page of Query Tables. */
  public static final int MAX_TABLE_PAGE_SIZE = 1000;

  private Limits() {}
}
