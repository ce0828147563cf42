package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.StorageException;
import dev.tabula.engine.Write;
import dev.tabula.engine.index.IndexEntries;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import dev.tabula.model.IndexDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * {@link dev.tabula.engine.EntityStore#applyAsync} as optimistic compare-and-set on one Cassandra
 * partition, in as few round trips as the writes allow.
 *
 * <ol>
 *   <li>Take a state to plan on, with no Paxos phase: for writes that can only succeed on absent
 *       rows (Insert Entity, a batch of inserts), "every row absent", read from nowhere; for the
 *       others, the touched rows read at the session's plain consistency.
 *   <li>Plan with {@link PartitionBatch} against it: a write that cannot apply is reported with its
 *       index and code, exactly as on every other engine.
 *   <li>Persist the plan as ONE lightweight transaction whose {@code IF} clauses say "every touched
 *       row is still as planned on" ({@link CassandraConditionalWrite}). The node checks them
 *       inside Paxos, so a plan on a stale or guessed state can only make it not apply, never
 *       commit something wrong.
 *   <li>When it did not apply, another writer changed a touched row, or the guess was wrong: plan
 *       again on the state read at SERIAL (or on the row a lost {@code IF NOT EXISTS} returned,
 *       read inside Paxos). The new plan either commits or names the write that now fails, so the
 *       failing index never has to be guessed from which {@code IF} broke (Cassandra does not say).
 * </ol>
 *
 * <p>A rejection (404, 409, 412) is only ever answered from a linearizable state: one planned on a
 * guessed or plainly read state reads the rows again at SERIAL and plans again, so a stale replica
 * or another server's fresh write never yields a wrong rejection. An insert thus costs one
 * lightweight transaction (3 Paxos phases) and no read; an insert of an existing key two (the lost
 * transaction returns the row, whose plan is the rejection).
 *
 * <p>When the write fails so that it may or may not have been applied (a timeout, see {@link
 * CassandraFailures#outcomeUnknown}), the touched rows are read again at SERIAL ({@link
 * CassandraConditionalWrite}); a failure before it is sent (the reads, the directory, the commit
 * clock) wrote nothing of the caller's: UNAVAILABLE (503 ServerBusy). It is never retried blindly.
 *
 * <p>Secondary-index entries are not in the entity's partition, so the transaction cannot carry
 * them: the commit's new entries are written before it and its old ones deleted after it applied
 * ({@link CassandraIndexEntries}), so an entity never lacks the entry of a value it holds; an entry
 * can only be stale, which reads check.
 *
 * <p>Every write to entity rows goes through this path, so compare-and-set on ETags is
 * linearizable: plain writes are never mixed with lightweight transactions on the same rows.
 * Timestamps strictly increase per row ({@link CassandraCommitClock}), so {@code IF ts = ?} cannot
 * be fooled by a row rewritten to an old version. Thread-safe.
 */
final class CassandraApply {
  /** Rounds of read-plan-write before giving up under extreme contention on one partition. */
  private static final int MAX_ROUNDS = 100;

  /** Reads the touched rows of a partition at a consistency (null: the session's plain one). */
  @FunctionalInterface
  interface RowReader {
    Map<String, Entity> read(
        long tableId,
        String partitionKey,
        List<String> rowKeys,
        @Nullable ConsistencyLevel consistency);
  }

  private final CqlSession session;
  private final ConsistencyLevel serial;
  private final CassandraCommitClock clock;
  private final CassandraIndexEntries indexEntries;
  private final CassandraConditionalWrite write;
  private final PreparedStatement readRows;
  private final RowReader reader;

  CassandraApply(
      CqlSession session,
      String keyspace,
      ConsistencyLevel serial,
      CassandraCommitClock clock,
      CassandraPartitionDirectory directory,
      CassandraIndexEntries indexEntries) {
    this(session, keyspace, serial, clock, directory, indexEntries, UnaryOperator.identity());
  }

  /** As the engine's, with the row reads seen through {@code reads} (a test's stale replica). */
  CassandraApply(
      CqlSession session,
      String keyspace,
      ConsistencyLevel serial,
      CassandraCommitClock clock,
      CassandraPartitionDirectory directory,
      CassandraIndexEntries indexEntries,
      UnaryOperator<RowReader> reads) {
    this.session = session;
    this.serial = serial;
    this.clock = clock;
    this.indexEntries = indexEntries;
    this.write = new CassandraConditionalWrite(session, keyspace, serial, directory);
    this.readRows =
        session.prepare(
            "SELECT rk, value FROM "
                + keyspace
                + ".entities WHERE table_id = ? AND pk = ? AND rk IN ?");
    this.reader = reads.apply(this::read);
  }

  /**
   * Applies {@code writes}, moving the entries of {@code indexes} (the table's, as the caller
   * looked them up) around the conditional write: the new ones written before it, the old ones
   * deleted after it applied ({@link CassandraIndexEntries}).
   */
  ApplyResult apply(
      long tableId, String partitionKey, List<Write> writes, List<IndexDefinition> indexes) {
    List<String> rowKeys =
        new ArrayList<>(new LinkedHashSet<>(writes.stream().map(Write::rowKey).toList()));
    State state =
        onlyInserts(writes)
            ? new State(Map.of(), false)
            : new State(reader.read(tableId, partitionKey, rowKeys, null), false);
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Map<String, Entity> stored = state.rows();
      Instant commitTime = clock.next(stored.values().stream().map(Entity::timestamp).toList());
      PartitionBatch.Plan plan =
          PartitionBatch.plan(
              partitionKey, writes, commitTime, rowKey -> Optional.ofNullable(stored.get(rowKey)));
      if (plan instanceof PartitionBatch.Commit commit) {
        long ticks = EdmDateTimes.toTicks(commitTime);
        List<IndexEntries.Update> entries = new ArrayList<>();
        commit.changes().forEach(c -> entries.addAll(IndexEntries.of(indexes, partitionKey, c)));
        // Ahead of the write: if this fails, nothing of the entity is written (UNAVAILABLE). Puts
        // of a round whose write then loses stay behind as stale entries, which reads skip.
        indexEntries.putAll(tableId, entries, ticks);
        CassandraConditionalWrite.Outcome outcome =
            write.persist(tableId, partitionKey, commit, stored);
        if (outcome.applied()) {
          indexEntries.deleteAllQuietly(tableId, entries, ticks);
          return commit.result();
        }
        // A touched row is not as planned on: plan again on the linearizable state.
        Map<String, Entity> found = outcome.found();
        state =
            new State(
                found != null ? found : reader.read(tableId, partitionKey, rowKeys, serial), true);
        continue;
      }
      if (!state.linearizable()) {
        // Never answer a rejection from a guessed or plainly read state: read the truth first.
        state = new State(reader.read(tableId, partitionKey, rowKeys, serial), true);
        continue;
      }
      return plan.result();
    }
    // Every round's write was definitely not applied (wasApplied false): nothing was written, so
    // the client may retry, as after the service's own 503 for a partition too busy to serve.
    throw new StorageException(
        StorageException.Kind.UNAVAILABLE,
        "partition too contended: " + MAX_ROUNDS + " rounds of conditional writes lost");
  }

  /** Whether every write is an insert, which can only succeed on a row that is absent. */
  private static boolean onlyInserts(List<Write> writes) {
    return writes.stream()
        .allMatch(
            w ->
                w.kind() == Write.Kind.PUT
                    && w.precondition() instanceof Precondition.MustNotExist);
  }

  /** The touched rows, at {@code consistency} (null: the session's plain one). */
  private Map<String, Entity> read(
      long tableId,
      String partitionKey,
      List<String> rowKeys,
      @Nullable ConsistencyLevel consistency) {
    BoundStatement statement = readRows.bind(tableId, partitionKey, rowKeys).setIdempotent(true);
    if (consistency != null) {
      statement = statement.setConsistencyLevel(consistency);
    }
    Map<String, Entity> stored = new LinkedHashMap<>();
    for (Row row : session.execute(statement)) {
      stored.put(row.getString(0), CassandraRows.entity(partitionKey, row));
    }
    return stored;
  }

  /**
   * A state to plan on.
   *
   * @param rows the touched rows that hold an entity
   * @param linearizable whether read at SERIAL (or inside Paxos), so that a rejection planned on it
   *     may be answered
   */
  private record State(Map<String, Entity> rows, boolean linearizable) {}
}
