package dev.tabula.engine;

/** Typed promises an engine makes beyond the SPI's contract, each tested by the engine TCK. */
public enum Capability {
  /** A successful write is on stable storage before its stage completes. */
  DURABLE_ON_ACK,
  /** Data survives closing and reopening the engine on the same location. */
  PERSISTENT,
  /**
   * Inside {@link NonBlocking#attempt}, reads of entities, tables and settings held in memory are
   * answered without waiting, and every other call throws {@link NonBlocking.WouldBlock} first.
   */
  NON_BLOCKING_READS,
  /**
   * {@link EntityStore#applyAsync} never waits, inside {@link NonBlocking#attempt} too: it queues
   * the writes and returns, and its stage completes once they are committed (durable, with {@link
   * #DURABLE_ON_ACK}). A network thread can then start a write and answer it when the stage
   * completes, with no thread blocked in between.
   */
  NON_BLOCKING_WRITES
}
