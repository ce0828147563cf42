package dev.tabula.engine;

/** Typed promises an engine makes beyond the SPI's contract, each tested by the engine TCK. */
public enum Capability {
  /** A successful write is on stable storage before its stage completes. */
  DURABLE_ON_ACK,
  /** Data survives closing and reopening the engine on the same location. */
  PERSISTENT,
  /**
   * {@link EntityStore#tryRead} and {@link Catalog#tryFindTable} answer what the engine holds in
   * memory without waiting, the same answer their waiting forms give, and say {@link
   * dev.tabula.model.Attempt.WouldWait} for the rest. Without it they always say so.
   */
  NON_BLOCKING_READS,
  /**
   * {@link EntityStore#tryApplyAsync} never waits: it queues the writes and answers with a stage
   * that completes once they are committed (durable, with {@link #DURABLE_ON_ACK}). A network
   * thread can then start a write and answer it when the stage completes, with no thread blocked in
   * between. Without it the call says {@link dev.tabula.model.Attempt.WouldWait}, having queued
   * nothing.
   */
  NON_BLOCKING_WRITES,
  /**
   * The engine records, in the same atomic write as the entities, the changes of every table whose
   * {@link dev.tabula.model.TableSettings#hasChangeFeed() settings ask for a change feed}, and
   * reads them back in order. Without it a table cannot have a change feed (the service answers
   * 501).
   */
  CHANGE_FEED,
  /**
   * The engine keeps the entries of every secondary index its catalog lists in a table's settings
   * ({@link dev.tabula.model.TableSettings#indexes()}), in the same atomic write as the entities
   * (so a reader never sees an entity without its entry), builds an index declared on a table with
   * entities ({@link EntityStore#buildIndex}) and reads through one ({@link
   * EntityStore#scanIndex}). Without it a table cannot have indexes (the service answers 501).
   */
  SECONDARY_INDEXES
}
