package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.Write;
import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.engine.index.IndexEntries;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import dev.tabula.model.IndexDefinition;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link dev.tabula.engine.EntityStore#applyAsync} as optimistic compare-and-set on one Cassandra
 * partition.
 *
 * <ol>
 *   <li>Read the rows the writes touch, linearizably (SERIAL).
 *   <li>Plan with {@link PartitionBatch} against them: a write that cannot apply is reported with
 *       its index and code, exactly as on every other engine.
 *   <li>Persist the plan as ONE single-partition conditional batch whose {@code IF} clauses say
 *       "every touched row is still as read": {@code IF NOT EXISTS} for a row that was absent,
 *       {@code IF ts = ?} for a row that existed. Cassandra applies such a batch atomically and in
 *       isolation (Paxos), or not at all.
 *   <li>When it did not apply, another writer changed a touched row since the read: read again and
 *       plan again. The new plan either commits or names the write that now fails, so the failing
 *       index never has to be guessed from which {@code IF} broke (Cassandra does not say).
 * </ol>
 *
 * <p>When the batch fails so that it may or may not have been applied (a timeout, see {@link
 * CassandraFailures#outcomeUnknown}), the touched rows are read again at SERIAL, which finishes any
 * Paxos round it finds in progress on the partition. If every one holds exactly what this commit
 * wrote, the commit applied and is reported as such; otherwise the failure is reported (as
 * OUTCOME_UNKNOWN, 500 OperationTimedOut to clients, for a timeout), because the outcome is unknown
 * to us too. A failure before the batch is sent (the reads, the directory, the commit clock) wrote
 * nothing of the caller's: UNAVAILABLE (503 ServerBusy). It is never retried blindly (see {@code
 * persistOrResolve}).
 *
 * <p>Secondary-index entries are not in the entity's partition, so the batch cannot carry them: the
 * commit's new entries are written before the batch and its old ones deleted after it applied
 * ({@link CassandraIndexEntries}), so an entity never lacks the entry of a value it holds; an entry
 * can only be stale, which reads check.
 *
 * <p>Every write to entity rows goes through this path, so compare-and-set on ETags is
 * linearizable: plain writes are never mixed with lightweight transactions on the same rows.
 * Timestamps strictly increase per row ({@link CassandraCommitClock}), so {@code IF ts = ?} cannot
 * be fooled by a row rewritten to an old version. Thread-safe.
 */
final class CassandraApply {
  private static final Logger LOG = LoggerFactory.getLogger(CassandraApply.class);

  /** Rounds of read-plan-write before giving up under extreme contention on one partition. */
  private static final int MAX_ROUNDS = 100;

  private final CqlSession session;
  private final ConsistencyLevel serial;
  private final CassandraCommitClock clock;
  private final CassandraPartitionDirectory directory;
  private final CassandraIndexEntries indexEntries;
  private final PreparedStatement readRows;
  private final PreparedStatement readVersions;
  private final PreparedStatement insertIfAbsent;
  private final PreparedStatement updateIfUnchanged;
  private final PreparedStatement deleteIfUnchanged;

  CassandraApply(
      CqlSession session,
      String keyspace,
      ConsistencyLevel serial,
      CassandraCommitClock clock,
      CassandraPartitionDirectory directory,
      CassandraIndexEntries indexEntries) {
    this.session = session;
    this.serial = serial;
    this.clock = clock;
    this.directory = directory;
    this.indexEntries = indexEntries;
    String table = keyspace + ".entities";
    String row = " WHERE table_id = ? AND pk = ? AND rk = ?";
    String rows = " FROM " + table + " WHERE table_id = ? AND pk = ? AND rk IN ?";
    this.readRows = session.prepare("SELECT rk, value" + rows);
    this.readVersions = session.prepare("SELECT rk, ts, value" + rows);
    this.insertIfAbsent =
        session.prepare(
            "INSERT INTO "
                + table
                + " (table_id, pk, rk, ts, value) VALUES (?, ?, ?, ?, ?) IF NOT EXISTS");
    this.updateIfUnchanged =
        session.prepare("UPDATE " + table + " SET ts = ?, value = ?" + row + " IF ts = ?");
    this.deleteIfUnchanged = session.prepare("DELETE FROM " + table + row + " IF ts = ?");
  }

  /**
   * Applies {@code writes}, moving the entries of {@code indexes} (the table's, as the caller
   * looked them up) around the conditional batch: the new ones written before it, the old ones
   * deleted after it applied ({@link CassandraIndexEntries}).
   */
  ApplyResult apply(
      long tableId, String partitionKey, List<Write> writes, List<IndexDefinition> indexes) {
    List<String> rowKeys =
        new ArrayList<>(new LinkedHashSet<>(writes.stream().map(Write::rowKey).toList()));
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Map<String, Entity> stored = read(tableId, partitionKey, rowKeys);
      Instant commitTime = clock.next(stored.values().stream().map(Entity::timestamp).toList());
      PartitionBatch.Plan plan =
          PartitionBatch.plan(
              partitionKey, writes, commitTime, rowKey -> Optional.ofNullable(stored.get(rowKey)));
      if (plan instanceof PartitionBatch.Commit commit) {
        long ticks = EdmDateTimes.toTicks(commitTime);
        List<IndexEntries.Update> entries = new ArrayList<>();
        commit.changes().forEach(c -> entries.addAll(IndexEntries.of(indexes, partitionKey, c)));
        // Ahead of the batch: if this fails, nothing of the entity is written (UNAVAILABLE). Puts
        // of a round whose batch then loses stay behind as stale entries, which reads skip.
        indexEntries.putAll(tableId, entries, ticks);
        if (persist(tableId, partitionKey, commit, stored)) {
          indexEntries.deleteAllQuietly(tableId, entries, ticks);
          return commit.result();
        }
        continue; // a touched row changed since the read: plan again on the new state
      }
      return plan.result();
    }
    // Every round's batch was definitely not applied (wasApplied false): nothing was written, so
    // the client may retry, as after the service's own 503 for a partition too busy to serve.
    throw new StorageException(
        StorageException.Kind.UNAVAILABLE,
        "partition too contended: " + MAX_ROUNDS + " rounds of conditional writes lost");
  }

  private Map<String, Entity> read(long tableId, String partitionKey, List<String> rowKeys) {
    Map<String, Entity> stored = new LinkedHashMap<>();
    for (Row row :
        session.execute(
            readRows
                .bind(tableId, partitionKey, rowKeys)
                .setConsistencyLevel(serial)
                .setIdempotent(true))) {
      stored.put(row.getString(0), CassandraRows.entity(partitionKey, row));
    }
    return stored;
  }

  /** Writes the plan if every touched row is still as {@code stored} says; true if it was. */
  private boolean persist(
      long tableId, String partitionKey, PartitionBatch.Commit commit, Map<String, Entity> stored) {
    BatchStatementBuilder batch = BatchStatement.builder(BatchType.LOGGED);
    Map<String, Version> after = new LinkedHashMap<>();
    for (PartitionBatch.Change change : commit.changes()) {
      Entity before = stored.get(change.rowKey());
      if (change.isDeletion()) {
        // A batch deletes only rows it found (the planner rejects deleting a missing entity).
        if (before != null) {
          batch.addStatement(
              deleteIfUnchanged.bind(tableId, partitionKey, change.rowKey(), ticks(before)));
          after.put(change.rowKey(), null);
        }
        continue;
      }
      Version version = Version.of(change.entity());
      after.put(change.rowKey(), version);
      batch.addStatement(
          before == null
              ? insertIfAbsent.bind(
                  tableId, partitionKey, change.rowKey(), version.ts, version.value)
              : updateIfUnchanged.bind(
                  version.ts,
                  version.value,
                  tableId,
                  partitionKey,
                  change.rowKey(),
                  ticks(before)));
    }
    if (batch.getStatementsCount() == 0) {
      return true;
    }
    if (after.values().stream().anyMatch(Objects::nonNull)) {
      directory.record(tableId, partitionKey); // the batch leaves an entity in the partition
    }
    return persistOrResolve(tableId, partitionKey, batch.build(), after);
  }

  /**
   * Executes the conditional batch; when it fails with an unknown outcome, finds out whether it was
   * applied after all.
   *
   * <p>Never retried blindly. A Paxos proposal that only a minority of replicas accepted before the
   * timeout is not lost: a later round that reaches one of those replicas completes it. So a retry
   * could apply the writes twice (two versions, two ETags), or fail its own {@code IF NOT EXISTS}
   * against the row this very request created and answer 409 EntityAlreadyExists for it.
   *
   * <p>The SERIAL read below runs a Paxos round of its own, which completes any proposal it finds
   * accepted but not committed. If the rows hold this commit's values (its commit time is unique to
   * it), the batch was applied. If they do not, the outcome stays unknown: a proposal the read did
   * not reach may still be completed later, so the failure is answered as it is.
   */
  private boolean persistOrResolve(
      long tableId, String partitionKey, BatchStatement batch, Map<String, Version> after) {
    try {
      return session.execute(batch).wasApplied();
    } catch (DriverException failure) {
      if (!CassandraFailures.outcomeUnknown(failure)) {
        throw failure;
      }
      if (holdsExactly(tableId, partitionKey, after, failure)) {
        LOG.debug("a conditional batch failed with {} but had been applied", failure.toString());
        return true;
      }
      LOG.debug(
          "a conditional batch failed with {} and was not found applied (re-read failures:"
              + " {})",
          failure.toString(),
          Arrays.toString(failure.getSuppressed()));
      throw CassandraFailures.afterWrite(failure); // OUTCOME_UNKNOWN for a timeout
    }
  }

  /**
   * Whether every row holds exactly {@code after} (same ts and value; absent for a deletion), read
   * at SERIAL. A failure to read counts as "not known", recorded on {@code failure}.
   */
  private boolean holdsExactly(
      long tableId, String partitionKey, Map<String, Version> after, DriverException failure) {
    Map<String, Version> found = new LinkedHashMap<>();
    try {
      for (Row row :
          session.execute(
              readVersions
                  .bind(tableId, partitionKey, new ArrayList<>(after.keySet()))
                  .setConsistencyLevel(serial)
                  .setIdempotent(true))) {
        found.put(row.getString(0), new Version(row.getLong(1), row.getByteBuffer(2)));
      }
    } catch (DriverException again) {
      failure.addSuppressed(again);
      return false;
    }
    for (Map.Entry<String, Version> row : after.entrySet()) {
      if (!Objects.equals(found.get(row.getKey()), row.getValue())) {
        return false;
      }
    }
    return true;
  }

  private static long ticks(Entity entity) {
    return EdmDateTimes.toTicks(entity.timestamp());
  }

  /** A row's stored version: its commit time in ticks and its encoded value. */
  private record Version(long ts, ByteBuffer value) {
    static Version of(Entity entity) {
      return new Version(
          EdmDateTimes.toTicks(entity.timestamp()),
          ByteBuffer.wrap(EntityValueCodec.encode(entity.timestamp(), entity.properties())));
    }
  }
}
