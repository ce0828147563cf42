package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.TableSettings;
import dev.tabula.model.TimeToLive;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A keyspace written by the release before table settings (schema version 1: {@code tables} without
 * its {@code settings} column) is migrated when an engine attaches: its tables keep their ids and
 * read with no settings, settings can then be set, and the migration run again (two servers
 * starting together both run it) finds its column and goes on. Version 3 adds the index entries and
 * the index ids of a pending reclaim: a reclaim an older server left pending (without them) is
 * still finished. Needs a node (see {@link CassandraTestCluster}).
 *
 * <p>Red first: {@link #migratingTwice_asTwoServersStartingTogetherMay_isHarmless} failed on
 * Cassandra 5.0 with "Column with name 'settings' already exists" while the schema tolerated only
 * 4.x's wording of that answer.
 */
class CassandraSchemaMigrationIT {
  private static final String ACCOUNT = "devstoreaccount1";

  @BeforeAll
  static void requireNode() {
    CassandraTestCluster.assumeNode();
  }

  @AfterAll
  static void closeSession() {
    CassandraTestCluster.closeSession();
  }

  @Test
  void aVersionOneKeyspace_isMigrated_andItsTablesKeepTheirIds() throws InterruptedException {
    CassandraOptions options = CassandraTestCluster.freshKeyspace();
    writeVersionOne(options.keyspace());

    try (CassandraStorageEngine engine =
        CassandraStorageEngine.attach(CassandraTestCluster.session(), options, Clock.systemUTC())) {
      assertThat(engine.catalog().findTable(ACCOUNT, "Orders"))
          .contains(new TableInfo(ACCOUNT, "Orders", 7, TableSettings.NONE));

      TableSettings ttl = TableSettings.NONE.withTimeToLive(TimeToLive.after(Duration.ofHours(1)));
      assertThat(engine.catalog().setTableSettings(ACCOUNT, "orders", ttl)).isTrue();
      assertThat(engine.catalog().findTable(ACCOUNT, "ORDERS").map(TableInfo::settings))
          .contains(ttl);
      awaitNoPendingReclaim(options.keyspace());
    }
    assertThat(storedVersion(options.keyspace())).isEqualTo(CassandraSchema.VERSION);
  }

  @Test
  void migratingTwice_asTwoServersStartingTogetherMay_isHarmless() {
    CassandraOptions options = CassandraTestCluster.freshKeyspace();
    writeVersionOne(options.keyspace());
    CassandraSchema.ensure(CassandraTestCluster.session(), options);
    // The second server read version 1 before the first recorded version 2.
    session()
        .execute(
            "UPDATE "
                + options.keyspace()
                + ".schema_version SET version = 1"
                + " WHERE component = 'tabula'");

    CassandraSchema.ensure(CassandraTestCluster.session(), options);

    assertThat(storedVersion(options.keyspace())).isEqualTo(CassandraSchema.VERSION);
  }

  /** The keyspace as the release of schema version 1 left it, with one table in its catalog. */
  private static void writeVersionOne(String ks) {
    session()
        .execute(
            "CREATE KEYSPACE "
                + ks
                + " WITH replication = {'class':'SimpleStrategy','replication_factor':1}");
    // Migrations never change once released, so version 1's statements are that release's.
    CassandraSchema.migration(1, ks).forEach(statement -> session().execute(statement));
    session()
        .execute(
            "CREATE TABLE " + ks + ".schema_version (component text PRIMARY KEY, version int)");
    session()
        .execute("INSERT INTO " + ks + ".schema_version (component, version) VALUES ('tabula', 1)");
    session()
        .execute(
            "INSERT INTO "
                + ks
                + ".tables (account, canonical, name, id) VALUES ('"
                + ACCOUNT
                + "', 'orders', 'Orders', 7)");
    // A table deleted under version 1, its data not yet removed.
    session().execute("INSERT INTO " + ks + ".reclaim (shard, table_id) VALUES (0, 3)");
  }

  /** Polls until the reclaim version 1 left pending is done (30 s at most). */
  private static void awaitNoPendingReclaim(String ks) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (session().execute("SELECT table_id FROM " + ks + ".reclaim").one() != null
        && System.nanoTime() < deadline) {
      Thread.sleep(50); // between polls, not to synchronise
    }
    assertThat(session().execute("SELECT table_id FROM " + ks + ".reclaim").one()).isNull();
  }

  private static int storedVersion(String ks) {
    return session()
        .execute("SELECT version FROM " + ks + ".schema_version WHERE component = 'tabula'")
        .one()
        .getInt(0);
  }

  private static CqlSession session() {
    return CassandraTestCluster.session();
  }
}
