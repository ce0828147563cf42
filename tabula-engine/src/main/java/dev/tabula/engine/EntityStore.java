package dev.tabula.engine;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The entities of all tables, addressed by table id. Thread-safe. A table id that the catalog no
 * longer lists reads as empty. A call the store cannot carry out throws {@link StorageException}.
 */
public interface EntityStore {

  /** The entity with this key, with its Timestamp, or empty. */
  Optional<Entity> read(long tableId, EntityKey key);

  /**
   * Scans a key range in (PartitionKey, RowKey) order. A page never contains half of an {@link
   * #apply}: it sees each batch entirely or not at all.
   */
  Page scan(long tableId, ScanRequest request);

  /**
   * Applies up to 100 writes to one partition atomically: every precondition is checked against the
   * state left by the writes before it, and either all writes commit at one commit time or none
   * does. Each row key appears at most once (the caller checks). The result is durable on return
   * when the engine declares {@link Capability#DURABLE_ON_ACK}. Merged entities are checked against
   * the limits of a stored entity. A write that cannot apply is a {@link ApplyResult.Rejected}; a
   * table id the catalog does not list throws {@link StorageException} of kind {@link
   * StorageException.Kind#NO_SUCH_TABLE}.
   */
  ApplyResult apply(long tableId, String partitionKey, List<Write> writes);

  /**
   * {@link #apply}, completing a stage instead of returning: with the result, or exceptionally with
   * what {@code apply} would have thrown. An engine with {@link Capability#NON_BLOCKING_WRITES}
   * returns at once, also inside {@link NonBlocking#attempt}; otherwise this applies before it
   * returns, and inside an attempt it refuses without effect.
   */
  default CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    NonBlocking.refuseIfActive();
    try {
      return CompletableFuture.completedFuture(apply(tableId, partitionKey, writes));
    } catch (NonBlocking.WouldBlock e) {
      throw e;
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }
}
