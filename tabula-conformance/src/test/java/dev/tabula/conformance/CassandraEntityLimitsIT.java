package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityLimitsContract} on the Cassandra engine (skipped without a node). */
class CassandraEntityLimitsIT extends EntityLimitsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
