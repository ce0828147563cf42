package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyEntityTypesContract} on the Cassandra engine (skipped without a node). */
class CassandraLegacyEntityTypesIT extends LegacyEntityTypesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
