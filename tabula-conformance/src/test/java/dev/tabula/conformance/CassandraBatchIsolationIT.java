package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchIsolationContract} on the Cassandra engine (skipped without a node). */
class CassandraBatchIsolationIT extends BatchIsolationContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
