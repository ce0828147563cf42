package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link TableOperationsContract} on the Cassandra engine (skipped without a node). */
class CassandraTableOperationsIT extends TableOperationsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
