package dev.tabula.engine.cassandra;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.tck.StorageEngineContract;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The engine contract against a real Cassandra node (see {@link CassandraTestCluster}); skipped
 * when none is configured. The class uses one keyspace, reset whenever a test opens the engine on a
 * new directory, so reopening on the same directory finds the same data and no test sees another's
 * tables.
 */
class CassandraStorageEngineIT extends StorageEngineContract {
  private static CassandraOptions options;
  private static Path directoryInUse;

  @BeforeAll
  static void requireNode() {
    CassandraTestCluster.assumeNode();
    options = CassandraTestCluster.freshKeyspace();
  }

  @AfterAll
  static void closeSession() {
    CassandraTestCluster.closeSession();
  }

  @Override
  protected StorageEngine openEngine(Path dir, Clock wallClock) {
    StorageEngine engine =
        CassandraStorageEngine.attach(CassandraTestCluster.session(), options, wallClock);
    if (!dir.equals(directoryInUse)) {
      // A new test: forget the last one's catalog. The schema exists now.
      CassandraTestCluster.reset(options.keyspace());
      directoryInUse = dir;
      engine.close();
      engine = CassandraStorageEngine.attach(CassandraTestCluster.session(), options, wallClock);
    }
    return engine;
  }
}
