package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryOptionsContract} on the Cassandra engine (skipped without a node). */
class CassandraQueryOptionsIT extends QueryOptionsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
