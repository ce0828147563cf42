package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyTableClientContract} on the Cassandra engine (skipped without a node). */
class CassandraLegacyTableClientIT extends LegacyTableClientContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
