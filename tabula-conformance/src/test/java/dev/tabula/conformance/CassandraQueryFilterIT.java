package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryFilterContract} on the Cassandra engine (skipped without a node). */
class CassandraQueryFilterIT extends QueryFilterContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
