package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.tabula.engine.PartitionBatch;
import dev.tabula.engine.codec.EntityValueCodec;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.Entity;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Persists a {@link PartitionBatch.Commit} as ONE lightweight transaction on its partition, whose
 * {@code IF} clauses say "every touched row is still as planned on": {@code IF NOT EXISTS} for a
 * row planned absent, {@code IF ts = ?} for a row planned present. One statement is sent as itself
 * (a one-statement batch costs the node a batch's work for nothing and hides the row a lost {@code
 * IF NOT EXISTS} returns); more are sent as one single-partition LOGGED batch, which Cassandra
 * applies atomically and in isolation (Paxos), or not at all.
 *
 * <p>Since the node checks the conditions inside Paxos, a plan made on a stale or guessed state can
 * only make the transaction not apply, never commit something wrong. Thread-safe.
 */
final class CassandraConditionalWrite {
  private static final Logger LOG = LoggerFactory.getLogger(CassandraConditionalWrite.class);

  /**
   * What became of a commit.
   *
   * @param applied whether the commit is stored
   * @param found when it was not applied and the node said what the one touched row holds (a lost
   *     {@code IF NOT EXISTS} returns the existing row, read inside Paxos): that row, the whole
   *     state a next plan needs; else null
   */
  record Outcome(boolean applied, @Nullable Map<String, Entity> found) {
    static final Outcome APPLIED = new Outcome(true, null);
    static final Outcome LOST = new Outcome(false, null);
  }

  private final CqlSession session;
  private final ConsistencyLevel serial;
  private final CassandraPartitionDirectory directory;
  private final PreparedStatement readVersions;
  private final PreparedStatement insertIfAbsent;
  private final PreparedStatement updateIfUnchanged;
  private final PreparedStatement deleteIfUnchanged;

  CassandraConditionalWrite(
      CqlSession session,
      String keyspace,
      ConsistencyLevel serial,
      CassandraPartitionDirectory directory) {
    this.session = session;
    this.serial = serial;
    this.directory = directory;
    String table = keyspace + ".entities";
    String row = " WHERE table_id = ? AND pk = ? AND rk = ?";
    this.readVersions =
        session.prepare(
            "SELECT rk, ts, value FROM " + table + " WHERE table_id = ? AND pk = ? AND rk IN ?");
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
   * Writes the plan if every touched row is still as {@code stored} (the planned-on state) says.
   */
  Outcome persist(
      long tableId, String partitionKey, PartitionBatch.Commit commit, Map<String, Entity> stored) {
    List<BatchableStatement<?>> statements = new ArrayList<>();
    Map<String, Version> after = new LinkedHashMap<>();
    for (PartitionBatch.Change change : commit.changes()) {
      Entity before = stored.get(change.rowKey());
      if (change.isDeletion()) {
        // A batch deletes only rows it found (the planner rejects deleting a missing entity).
        if (before != null) {
          statements.add(
              deleteIfUnchanged.bind(tableId, partitionKey, change.rowKey(), ticks(before)));
          after.put(change.rowKey(), null);
        }
        continue;
      }
      Version version = Version.of(change.entity());
      after.put(change.rowKey(), version);
      statements.add(
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
    if (statements.isEmpty()) {
      return Outcome.APPLIED;
    }
    if (after.values().stream().anyMatch(Objects::nonNull)) {
      directory.record(tableId, partitionKey); // the write leaves an entity in the partition
    }
    Statement<?> statement =
        statements.size() == 1
            ? statements.get(0)
            : BatchStatement.builder(BatchType.LOGGED).addStatements(statements).build();
    boolean oneInsert =
        commit.changes().size() == 1
            && statements.size() == 1
            && statements.get(0) instanceof BoundStatement bound
            && bound.getPreparedStatement() == insertIfAbsent;
    return persistOrResolve(tableId, partitionKey, statement, after, oneInsert);
  }

  /**
   * Executes the conditional write; when it fails with an unknown outcome, finds out whether it was
   * applied after all.
   *
   * <p>Never retried blindly. A Paxos proposal that only a minority of replicas accepted before the
   * timeout is not lost: a later round that reaches one of those replicas completes it. So a retry
   * could apply the writes twice (two versions, two ETags), or fail its own {@code IF NOT EXISTS}
   * against the row this very request created and answer 409 EntityAlreadyExists for it.
   *
   * <p>The SERIAL read below runs a Paxos round of its own, which completes any proposal it finds
   * accepted but not committed. If the rows hold this commit's values (its commit time is unique to
   * it), the write was applied. If they do not, the outcome stays unknown: a proposal the read did
   * not reach may still be completed later, so the failure is answered as it is.
   */
  private Outcome persistOrResolve(
      long tableId,
      String partitionKey,
      Statement<?> statement,
      Map<String, Version> after,
      boolean oneInsert) {
    try {
      ResultSet result = session.execute(statement);
      if (result.wasApplied()) {
        return Outcome.APPLIED;
      }
      return oneInsert ? lostInsert(partitionKey, result.one()) : Outcome.LOST;
    } catch (DriverException failure) {
      if (!CassandraFailures.outcomeUnknown(failure)) {
        throw failure;
      }
      if (holdsExactly(tableId, partitionKey, after, failure)) {
        LOG.debug("a conditional write failed with {} but had been applied", failure.toString());
        return Outcome.APPLIED;
      }
      LOG.debug(
          "a conditional write failed with {} and was not found applied (re-read failures: {})",
          failure.toString(),
          Arrays.toString(failure.getSuppressed()));
      throw CassandraFailures.afterWrite(failure); // OUTCOME_UNKNOWN for a timeout
    }
  }

  /**
   * A lost {@code IF NOT EXISTS} of the one row a write touches: the row the node returned with
   * {@code [applied] = false}, which it read inside the Paxos round, so as linearizable as a SERIAL
   * read; without one (never seen), the caller reads at SERIAL.
   */
  private static Outcome lostInsert(String partitionKey, @Nullable Row existing) {
    if (existing == null
        || !existing.getColumnDefinitions().contains("value")
        || existing.isNull("value")
        || existing.isNull("rk")) {
      return Outcome.LOST;
    }
    String rowKey = existing.getString("rk");
    byte[] value = CassandraRows.bytes(existing.getByteBuffer("value"));
    return new Outcome(false, Map.of(rowKey, EntityValueCodec.decode(partitionKey, rowKey, value)));
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
