package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyQueryContract} on the Cassandra engine (skipped without a node). */
class CassandraLegacyQueryIT extends LegacyQueryContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
