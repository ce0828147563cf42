package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CassandraApply}'s round trips and its one rule about them: a write is planned on a state
 * read without Paxos (or on none, for inserts), but a rejection is only ever answered from a state
 * read at SERIAL. The apply here sees its plain reads through a stale replica the test controls, as
 * a lagging replica or another server's fresh write would make them; its SERIAL reads are the
 * truth. Needs a node (see {@link CassandraTestCluster}).
 *
 * <p>Seen red once each: with the rejection answered from the plain read (the {@code
 * !state.linearizable()} branch removed), the two stale-read tests answered ENTITY_MISSING and
 * TIMESTAMP_DIFFERS; with a lost {@code IF NOT EXISTS} not planned from the row it returned ({@code
 * lostInsert} returning LOST), the existing-key insert made one SERIAL read.
 */
class CassandraApplyIT {
  private static final String ACCOUNT = "devstoreaccount1";
  private static CassandraOptions options;
  private CassandraStorageEngine engine;
  private CassandraApply apply;
  private TableInfo table;
  private final AtomicInteger serialReads = new AtomicInteger();
  private final AtomicInteger plainReads = new AtomicInteger();

  /** What the plain reads return while set: the rows of a replica that missed recent writes. */
  private volatile @Nullable Map<String, Entity> stale;

  @BeforeAll
  static void requireNode() {
    CassandraTestCluster.assumeNode();
    options = CassandraTestCluster.freshKeyspace();
  }

  @AfterAll
  static void closeSession() {
    CassandraTestCluster.closeSession();
  }

  @BeforeEach
  void openApplyOnAStaleReplica() {
    CqlSession session = CassandraTestCluster.session();
    engine = CassandraStorageEngine.attach(session, options, Clock.systemUTC());
    table = engine.catalog().createTable(ACCOUNT, "Apply" + System.nanoTime()).orElseThrow();
    String keyspace = options.keyspace();
    ConsistencyLevel serial = DefaultConsistencyLevel.SERIAL;
    apply =
        new CassandraApply(
            session,
            keyspace,
            serial,
            new CassandraCommitClock(
                Clock.systemUTC(), new CassandraSequences(session, keyspace, serial)),
            new CassandraPartitionDirectory(session, keyspace),
            new CassandraIndexEntries(session, keyspace),
            real ->
                (tableId, partitionKey, rowKeys, consistency) -> {
                  (consistency == null ? plainReads : serialReads).incrementAndGet();
                  Map<String, Entity> rows = stale;
                  return consistency == null && rows != null
                      ? rows
                      : real.read(tableId, partitionKey, rowKeys, consistency);
                });
  }

  @AfterEach
  void closeEngine() {
    engine.close();
  }

  @Test
  void
      anInsert_readsNothing_andAnInsertOfAnExistingKeyIsRejectedFromTheRowItsTransactionReturned() {
    assertThat(apply(Write.put("r", value(1), Precondition.MUST_NOT_EXIST)))
        .isInstanceOf(ApplyResult.Committed.class);
    assertThat(plainReads.get() + serialReads.get()).isZero();

    ApplyResult again = apply(Write.put("r", value(2), Precondition.MUST_NOT_EXIST));

    assertThat(again)
        .isEqualTo(new ApplyResult.Rejected(0, ApplyResult.Rejected.Reason.ENTITY_EXISTS));
    assertThat(plainReads.get() + serialReads.get()).isZero();
    assertThat(stored().properties()).isEqualTo(value(1));
  }

  @Test
  void anUpdate_plannedOnAReplicaThatMissedTheRow_isNotAnswered404() {
    apply(Write.put("r", value(1), Precondition.MUST_NOT_EXIST));
    Entity current = stored();
    stale = Map.of();

    ApplyResult result =
        apply(Write.put("r", value(2), new Precondition.TimestampEquals(current.timestamp())));

    assertThat(result).isInstanceOf(ApplyResult.Committed.class);
    assertThat(serialReads.get()).isEqualTo(1);
    assertThat(stored().properties()).isEqualTo(value(2));
  }

  @Test
  void aConditionalWrite_plannedOnAnOldVersion_isNotAnswered412_andAnUpsertLandsOnTheNewOne() {
    apply(Write.put("r", value(1), Precondition.MUST_NOT_EXIST));
    Entity first = stored();
    apply(Write.put("r", value(2), Precondition.NONE));
    Entity second = stored();
    stale = Map.of("r", first);

    ApplyResult merged =
        apply(
            Write.merge(
                "r",
                Map.of("w", new EdmValue.EdmInt32(3)),
                new Precondition.TimestampEquals(second.timestamp())));
    ApplyResult upserted = apply(Write.put("r", value(4), Precondition.NONE));

    assertThat(merged).isInstanceOf(ApplyResult.Committed.class);
    assertThat(upserted).isInstanceOf(ApplyResult.Committed.class);
    assertThat(stored().properties()).isEqualTo(value(4));
  }

  @Test
  void aTrueRejection_isStillAnswered_afterTheSerialReadConfirmsIt() {
    apply(Write.put("r", value(1), Precondition.MUST_NOT_EXIST));
    Entity current = stored();
    stale = Map.of("r", current);

    ApplyResult result =
        apply(
            Write.delete(
                "r", new Precondition.TimestampEquals(current.timestamp().minusSeconds(1))));

    assertThat(result)
        .isEqualTo(new ApplyResult.Rejected(0, ApplyResult.Rejected.Reason.TIMESTAMP_DIFFERS));
    assertThat(serialReads.get()).isEqualTo(1);
    assertThat(stored()).isEqualTo(current);
  }

  private ApplyResult apply(Write write) {
    return apply.apply(table.id(), "p", List.of(write), List.of());
  }

  private Entity stored() {
    return engine.entities().read(table.id(), new EntityKey("p", "r")).orElseThrow();
  }

  private static Map<String, EdmValue> value(int v) {
    return Map.of("v", new EdmValue.EdmInt32(v));
  }
}
