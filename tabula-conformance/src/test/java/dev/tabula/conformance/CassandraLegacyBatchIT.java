package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyBatchContract} on the Cassandra engine (skipped without a node). */
class CassandraLegacyBatchIT extends LegacyBatchContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
