package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the entities (and secondary-index entries) of deleted tables in the background, partition
 * by partition through the partition directory, so deleting a table costs two small writes whatever
 * its size.
 *
 * <p>Pending ids live in the {@code reclaim} table, so work a stopped server left is finished by
 * the next one that opens the keyspace. Until its data is gone, a pending id reads as empty through
 * this engine ({@link #isDropped}); a server that started before the delete learns of it on its
 * next open. Partition deletions are plain writes: nothing writes those rows any more, since ids
 * are never reused. Thread-safe.
 */
final class CassandraReclaimer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CassandraReclaimer.class);
  private static final int SHARD = 0;

  private final CqlSession session;
  private final CassandraPartitionDirectory directory;
  private final CassandraIndexEntries indexEntries;
  private final LongSupplier ticks;
  private final Set<Long> dropped = ConcurrentHashMap.newKeySet();
  private final ExecutorService worker;
  private final PreparedStatement pending;
  private final PreparedStatement record;
  private final PreparedStatement deletePartition;
  private final PreparedStatement deleteDirectory;
  private final PreparedStatement done;

  /**
   * @param ticks a time from the engine's commit clock, in ticks, for the tombstones of the tables'
   *     index partitions ({@link CassandraIndexEntries})
   */
  CassandraReclaimer(
      CqlSession session,
      String keyspace,
      CassandraPartitionDirectory directory,
      CassandraIndexEntries indexEntries,
      LongSupplier ticks) {
    this.session = session;
    this.directory = directory;
    this.indexEntries = indexEntries;
    this.ticks = ticks;
    this.worker =
        Executors.newSingleThreadExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "tabula-cassandra-reclaim");
              thread.setDaemon(true);
              return thread;
            });
    this.pending =
        session.prepare(
            "SELECT table_id, index_ids FROM " + keyspace + ".reclaim WHERE shard = " + SHARD);
    this.record =
        session.prepare(
            "INSERT INTO "
                + keyspace
                + ".reclaim (shard, table_id, index_ids) VALUES ("
                + SHARD
                + ", ?, ?)");
    this.deletePartition =
        session.prepare("DELETE FROM " + keyspace + ".entities WHERE table_id = ? AND pk = ?");
    this.deleteDirectory =
        session.prepare("DELETE FROM " + keyspace + ".partitions WHERE table_id = ?");
    this.done =
        session.prepare(
            "DELETE FROM " + keyspace + ".reclaim WHERE shard = " + SHARD + " AND table_id = ?");
  }

  /** Picks up the work earlier servers left pending. */
  void resumePending() {
    for (Row row : session.execute(pending.bind())) {
      long id = row.getLong(0);
      List<Integer> indexIds = List.copyOf(row.getSet(1, Integer.class));
      dropped.add(id);
      worker.execute(() -> reclaimQuietly(id, indexIds));
    }
  }

  /**
   * Makes a deleted table's id read as empty at once, and removes its data soon: its entities and
   * the entries of the indexes it had ({@code indexIds}, from its settings when it was deleted;
   * entries of indexes dropped before were removed then).
   */
  void reclaim(long tableId, List<Integer> indexIds) {
    dropped.add(tableId);
    try {
      session.execute(record.bind(tableId, Set.copyOf(indexIds)).setIdempotent(true));
    } catch (DriverException e) {
      // The table is deleted already (its name is gone), so the delete must not be answered as
      // failed, let alone as 503 "nothing written". Only the note that lets a restarted server
      // finish the job is missing: the data is still removed now, and if that fails too, its rows
      // stay as unreachable garbage (ids are never reused), as this says.
      LOG.warn(
          "could not record table {} for reclaiming ({}); its data is removed now, or never"
              + " if this server stops first",
          tableId,
          e.toString());
    }
    worker.execute(() -> reclaimQuietly(tableId, indexIds));
  }

  /** Whether the id belongs to a table deleted as far as this engine knows. */
  boolean isDropped(long tableId) {
    return dropped.contains(tableId);
  }

  private void reclaimQuietly(long tableId, List<Integer> indexIds) {
    try {
      for (int indexId : indexIds) {
        indexEntries.drop(tableId, indexId, ticks.getAsLong());
      }
      Iterator<String> partitions = directory.partitions(tableId, null, true, 1000);
      while (partitions.hasNext()) {
        session.execute(deletePartition.bind(tableId, partitions.next()).setIdempotent(true));
      }
      session.execute(deleteDirectory.bind(tableId).setIdempotent(true));
      directory.forget(tableId);
      session.execute(done.bind(tableId).setIdempotent(true));
    } catch (RuntimeException e) {
      // Still pending in the reclaim table: the next server to open the keyspace tries again.
      LOG.warn("reclaiming the data of deleted table {} failed; it stays pending", tableId, e);
    }
  }

  /** Lets started work finish for a while; what is left stays pending for the next open. */
  @Override
  public void close() {
    worker.shutdown();
    try {
      if (!worker.awaitTermination(30, TimeUnit.SECONDS)) {
        worker.shutdownNow();
      }
    } catch (InterruptedException e) {
      worker.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
