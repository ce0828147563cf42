package dev.tabula.tools.entity;

/**
 * An entity as a source gave it: either its typed values ({@link TransferEntity}), or the JSON it
 * was read from, to be sent on unchanged ({@link VerbatimEntity}). Either way its keys are known
 * without more work, since grouping rows into transactions and reporting them needs only those.
 */
public sealed interface SourceEntity permits TransferEntity, VerbatimEntity {

  /** The PartitionKey. */
  String partitionKey();

  /** The RowKey. */
  String rowKey();

  /** The typed values (read from the JSON first when the entity was kept as JSON). */
  TransferEntity values();
}
