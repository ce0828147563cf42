package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.engine.ApplyResult;
import dev.tabula.engine.Precondition;
import dev.tabula.engine.Stages;
import dev.tabula.engine.TableInfo;
import dev.tabula.engine.Write;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EntityKey;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two engines on one keyspace, as two Tabula servers on one cluster: each sees the other's writes
 * at once, and racing inserts of one entity have exactly one winner. Needs a node (see {@link
 * CassandraTestCluster}).
 */
class CassandraSharedKeyspaceIT {
  private static final String ACCOUNT = "devstoreaccount1";
  private static CassandraOptions options;
  private CassandraStorageEngine first;
  private CassandraStorageEngine second;

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
  void openTwoEngines() {
    first =
        CassandraStorageEngine.attach(CassandraTestCluster.session(), options, Clock.systemUTC());
    second =
        CassandraStorageEngine.attach(CassandraTestCluster.session(), options, Clock.systemUTC());
  }

  @AfterEach
  void closeEngines() {
    first.close();
    second.close();
  }

  @Test
  void writesOfOneEngine_areVisibleToTheOtherAtOnce() {
    TableInfo table =
        first.catalog().createTable(ACCOUNT, "Shared" + System.nanoTime()).orElseThrow();
    Stages.join(
        first
            .entities()
            .applyAsync(
                table.id(),
                "p",
                List.of(
                    Write.put(
                        "r", Map.of("v", new EdmValue.EdmInt32(1)), Precondition.MUST_NOT_EXIST))));

    assertThat(second.catalog().findTable(ACCOUNT, table.name())).contains(table);
    assertThat(second.entities().read(table.id(), new EntityKey("p", "r"))).isPresent();

    assertThat(second.catalog().deleteTable(ACCOUNT, table.name())).isTrue();
    assertThat(first.catalog().createTable(ACCOUNT, table.name())).isPresent();
  }

  @Test
  void racingInserts_throughTwoEngines_haveExactlyOneWinner() throws Exception {
    TableInfo table =
        first.catalog().createTable(ACCOUNT, "Race" + System.nanoTime()).orElseThrow();
    int racers = 6;
    ExecutorService pool = Executors.newFixedThreadPool(racers);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<ApplyResult>> results = new ArrayList<>();
      for (int i = 0; i < racers; i++) {
        CassandraStorageEngine engine = i % 2 == 0 ? first : second;
        Callable<ApplyResult> insert =
            () -> {
              start.await();
              return Stages.join(
                  engine
                      .entities()
                      .applyAsync(
                          table.id(),
                          "p",
                          List.of(Write.put("r", Map.of(), Precondition.MUST_NOT_EXIST))));
            };
        results.add(pool.submit(insert));
      }
      start.countDown();
      List<ApplyResult> outcomes = new ArrayList<>();
      for (Future<ApplyResult> result : results) {
        outcomes.add(result.get(60, TimeUnit.SECONDS));
      }

      assertThat(outcomes).filteredOn(r -> r instanceof ApplyResult.Committed).hasSize(1);
      assertThat(outcomes)
          .filteredOn(r -> r instanceof ApplyResult.Rejected)
          .containsOnly(new ApplyResult.Rejected(0, ApplyResult.Rejected.Reason.ENTITY_EXISTS))
          .hasSize(racers - 1);
    } finally {
      pool.shutdownNow();
    }
  }
}
