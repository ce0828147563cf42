package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityTypesContract} on the Cassandra engine (skipped without a node). */
class CassandraEntityTypesIT extends EntityTypesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
