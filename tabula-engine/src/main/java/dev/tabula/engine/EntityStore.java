package dev.tabula.engine;

import dev.tabula.model.Attempt;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The entities of all tables, addressed by table id. Thread-safe. A table id that the catalog no
 * longer lists reads as empty.
 */
public interface EntityStore {

  /** The entity with this key, with its Timestamp, or empty. */
  Optional<Entity> read(long tableId, EntityKey key);

  /**
   * {@link #read} for a thread that must not wait: the same answer when the engine holds it in
   * memory, else {@link Attempt.WouldWait}. Engines without {@link Capability#NON_BLOCKING_READS}
   * keep this default, which never answers.
   */
  default Attempt<Optional<Entity>> tryRead(long tableId, EntityKey key) {
    return Attempt.wouldWait();
  }

  /**
   * Scans a key range in (PartitionKey, RowKey) order. A page never contains half of an {@link
   * #apply}: it sees each batch entirely or not at all.
   */
  Page scan(long tableId, ScanRequest request);

  /**
   * Applies up to 100 writes to one partition atomically: every precondition is checked against the
   * state left by the writes before it, and either all writes commit at one commit time or none
   * does. Each row key appears at most once (the caller checks). The result is durable on return
   * when the engine declares {@link Capability#DURABLE_ON_ACK}. Merged entities are checked with
   * {@link dev.tabula.model.EntityRules#checkStored}.
   */
  ApplyResult apply(long tableId, String partitionKey, List<Write> writes);

  /**
   * {@link #apply}, completing a stage instead of returning: with the result, or exceptionally with
   * what {@code apply} would have thrown. An engine with {@link Capability#NON_BLOCKING_WRITES}
   * returns at once; otherwise this applies before it returns.
   */
  default CompletableFuture<ApplyResult> applyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    try {
      return CompletableFuture.completedFuture(apply(tableId, partitionKey, writes));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * {@link #applyAsync} for a thread that must not wait: an engine with {@link
   * Capability#NON_BLOCKING_WRITES} queues the writes and answers with their stage; any other says
   * {@link Attempt.WouldWait} (this default) and has queued nothing.
   */
  default Attempt<CompletableFuture<ApplyResult>> tryApplyAsync(
      long tableId, String partitionKey, List<Write> writes) {
    return Attempt.wouldWait();
  }
}
