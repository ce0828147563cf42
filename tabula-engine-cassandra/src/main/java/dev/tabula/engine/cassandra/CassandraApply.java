package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.Write;
import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link dev.tabula.engine.EntityStore#apply} as optimistic compare-and-set on one Cassandra
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
 * <p>Every write to entity rows goes through this path, so compare-and-set on ETags is
 * linearizable: plain writes are never mixed with lightweight transactions on the same rows.
 * Timestamps strictly increase per row ({@link CassandraCommitClock}), so {@code IF ts = ?} cannot
 * be fooled by a row rewritten to an old version. Thread-safe.
 */
final class CassandraApply {
  /** Rounds of read-plan-write before giving up under extreme contention on one partition. */
  private static final int MAX_ROUNDS = 100;

  private final CqlSession session;
  private final ConsistencyLevel serial;
  private final CassandraCommitClock clock;
  private final CassandraPartitionDirectory directory;
  private final PreparedStatement readRows;
  private final PreparedStatement insertIfAbsent;
  private final PreparedStatement updateIfUnchanged;
  private final PreparedStatement deleteIfUnchanged;

  CassandraApply(CqlSession session, String keyspace, ConsistencyLevel serial,
      CassandraCommitClock clock, CassandraPartitionDirectory directory) {
    this.session = session;
    this.serial = serial;
    this.clock = clock;
    this.directory = directory;
    String table = keyspace + ".entities";
    String row = " WHERE table_id = ? AND pk = ? AND rk = ?";
    this.readRows = session.prepare(
        "SELECT rk, value FROM " + table + " WHERE table_id = ? AND pk = ? AND rk IN ?");
    this.insertIfAbsent = session.prepare("INSERT INTO " + table
        + " (table_id, pk, rk, ts, value) VALUES (?, ?, ?, ?, ?) IF NOT EXISTS");
    this.updateIfUnchanged =
        session.prepare("UPDATE " + table + " SET ts = ?, value = ?" + row + " IF ts = ?");
    this.deleteIfUnchanged = session.prepare("DELETE FROM " + table + row + " IF ts = ?");
  }

  ApplyResult apply(long tableId, String partitionKey, List<Write> writes) {
    List<String> rowKeys = new ArrayList<>(new LinkedHashSet<>(writes.stream()
        .map(Write::rowKey).toList()));
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Map<String, Entity> stored = read(tableId, partitionKey, rowKeys);
      Instant commitTime = clock.next(stored.values().stream().map(Entity::timestamp).toList());
      PartitionBatch.Plan plan = PartitionBatch.plan(partitionKey, writes, commitTime,
          rowKey -> Optional.ofNullable(stored.get(rowKey)));
      if (plan instanceof PartitionBatch.Commit commit) {
        if (persist(tableId, partitionKey, commit, stored)) {
          return commit.result();
        }
        continue; // a touched row changed since the read: plan again on the new state
      }
      return plan.result();
    }
    throw new IllegalStateException("partition too contended to commit: " + MAX_ROUNDS
        + " rounds lost to concurrent writers");
  }

  private Map<String, Entity> read(long tableId, String partitionKey, List<String> rowKeys) {
    Map<String, Entity> stored = new LinkedHashMap<>();
    for (Row row : session.execute(readRows.bind(tableId, partitionKey, rowKeys)
        .setConsistencyLevel(serial))) {
      stored.put(row.getString(0), CassandraRows.entity(partitionKey, row));
    }
    return stored;
  }

  /** Writes the plan if every touched row is still as {@code stored} says; true if it was. */
  private boolean persist(long tableId, String partitionKey, PartitionBatch.Commit commit,
      Map<String, Entity> stored) {
    BatchStatementBuilder batch = BatchStatement.builder(BatchType.LOGGED);
    boolean creates = false;
    for (PartitionBatch.Change change : commit.changes()) {
      Entity before = stored.get(change.rowKey());
      BoundStatement statement = statement(tableId, partitionKey, change, before);
      if (statement != null) {
        batch.addStatement(statement);
        creates |= !change.isDeletion();
      }
    }
    if (batch.getStatementsCount() == 0) {
      return true;
    }
    if (creates) {
      directory.record(tableId, partitionKey);
    }
    return session.execute(batch.build()).wasApplied();
  }

  private BoundStatement statement(long tableId, String partitionKey,
      PartitionBatch.Change change, Entity before) {
    if (change.isDeletion()) {
      // A batch deletes only rows it found (the planner rejects deleting a missing entity).
      return before == null ? null
          : deleteIfUnchanged.bind(tableId, partitionKey, change.rowKey(), ticks(before));
    }
    Entity after = change.entity();
    long ts = EdmDateTimes.toTicks(after.timestamp());
    ByteBuffer value =
        ByteBuffer.wrap(EntityValueCodec.encode(after.timestamp(), after.properties()));
    return before == null
        ? insertIfAbsent.bind(tableId, partitionKey, change.rowKey(), ts, value)
        : updateIfUnchanged.bind(ts, value, tableId, partitionKey, change.rowKey(), ticks(before));
  }

  private static long ticks(Entity entity) {
    return EdmDateTimes.toTicks(entity.timestamp());
  }
}
