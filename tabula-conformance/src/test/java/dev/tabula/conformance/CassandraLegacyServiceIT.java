package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyServiceContract} on the Cassandra engine (skipped without a node). */
class CassandraLegacyServiceIT extends LegacyServiceContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
