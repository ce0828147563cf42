package dev.tabula.engine;

import dev.tabula.model.Attempt;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
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
   * {@link #read} for a thread that must not wait: the same answer when the engine holds it in
   * memory, else {@link Attempt.WouldWait}. Engines without {@link Capability#NON_BLOCKING_READS}
   * keep this default, which never answers.
   */
  default Attempt<Optional<Entity>> tryRead(long tableId, EntityKey key) {
    return Attempt.wouldWait();
  }

  /**
   * {@link #read} as a stage, for a caller that must not hold its thread while the engine waits
   * (Get Entity on a worker thread): an engine whose client can wait without a thread (Cassandra's
   * driver) completes it from its own threads. This default reads on the caller's thread and
   * returns a completed stage, failed with the {@link StorageException} the read threw.
   */
  default CompletableFuture<Optional<Entity>> readAsync(long tableId, EntityKey key) {
    return Stages.completed(() -> read(tableId, key));
  }

  /**
   * Scans a key range in (PartitionKey, RowKey) order. A page never contains half of an {@link
   * #applyAsync}: it sees each batch entirely or not at all.
   */
  Page scan(long tableId, ScanRequest request);

  /**
   * Reads the entities a query's index selection names ({@link IndexScan}), in key order, as a
   * {@link #scan} of the same request would return those the filter keeps, page for page; or
   * declines when the read would need more than {@link
   * dev.tabula.engine.index.IndexRead#MAX_VALUES} cursors. A page never contains half of an {@link
   * #applyAsync} (an engine without snapshots reads the keys of each partition together: {@link
   * dev.tabula.engine.index.IndexRead.Source#readPartition}); on such an engine the entries read
   * and the entities read are not one snapshot, so an entity whose value moved into the selection
   * while the page was read may be missing from it (docs/extensions.md, Cassandra). Only an engine
   * with {@link Capability#SECONDARY_INDEXES} reads indexes; this default says it cannot.
   *
   * @throws UnsupportedOperationException without {@link Capability#SECONDARY_INDEXES}
   */
  default IndexPage scanIndex(TableInfo table, IndexScan scan) {
    throw new UnsupportedOperationException("this engine keeps no secondary indexes");
  }

  /**
   * Adds an entry of {@code index} for every entity of the table, for an index the catalog already
   * lists in the table's settings ({@link Catalog#setTableSettings}), so that writes maintain it
   * already: when this returns, every entity has its entry, whether written before the index was
   * declared or since. Blocks until done; idempotent, so a build cut short by a restart is simply
   * run again. Does nothing for a table id the catalog no longer lists.
   *
   * @throws UnsupportedOperationException without {@link Capability#SECONDARY_INDEXES}
   */
  default void buildIndex(TableInfo table, IndexDefinition index) {
    throw new UnsupportedOperationException("this engine keeps no secondary indexes");
  }

  /**
   * Applies up to 100 writes to one partition atomically: every precondition is checked against the
   * state left by the writes before it, and either all writes commit at one commit time or none
   * does. Each row key appears at most once (the caller checks). Merged entities are checked
   * against the limits of a stored entity. A write that cannot apply is a {@link
   * ApplyResult.Rejected}.
   *
   * <p>This is the engine's only write, for single-entity writes and entity group transactions
   * alike. The stage completes with the result once the writes are committed (durable, when the
   * engine declares {@link Capability#DURABLE_ON_ACK}), or exceptionally with what kept them from
   * it (a {@link StorageException}: of kind {@link StorageException.Kind#NO_SUCH_TABLE} for a table
   * id the catalog does not list, or the store could not be reached). An engine with {@link
   * Capability#NON_BLOCKING_WRITES} queues the writes and returns at once; an engine that writes on
   * the caller's thread applies before it returns ({@link Stages#completed}). A thread that must
   * not wait calls {@link #tryApplyAsync} instead. A caller that needs the result before it goes on
   * joins the stage ({@link Stages#join}).
   *
   * <p>With {@link Capability#SECONDARY_INDEXES}, the same atomic step moves the entries of every
   * index the catalog lists for the table at the time of the write ({@link
   * dev.tabula.engine.index.IndexEntries#of}), not those of a {@link TableInfo} a caller looked up
   * earlier.
   */
  CompletableFuture<ApplyResult> applyAsync(long tableId, String partitionKey, List<Write> writes);

  /**
   * {@link #applyAsync(long, String, List)} for a table the caller has looked up, so that the
   * engine sees its settings: on a table whose settings ask for a change feed ({@link
   * dev.tabula.model.TableSettings#hasChangeFeed()}), an engine with {@link Capability#CHANGE_FEED}
   * records the commit's {@link ChangeGroup} in the same atomic step as its writes. Core calls this
   * form. The default, for engines without a feed, is the id form.
   */
  default CompletableFuture<ApplyResult> applyAsync(
      TableInfo table, String partitionKey, List<Write> writes) {
    return applyAsync(table.id(), partitionKey, writes);
  }

  /** {@link #tryApplyAsync(long, String, List)} for a looked-up table, as {@link #applyAsync}. */
  default Attempt<CompletableFuture<ApplyResult>> tryApplyAsync(
      TableInfo table, String partitionKey, List<Write> writes) {
    return tryApplyAsync(table.id(), partitionKey, writes);
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
