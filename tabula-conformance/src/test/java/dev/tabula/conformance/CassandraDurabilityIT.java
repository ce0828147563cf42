package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link DurabilityContract} on the Cassandra engine (skipped without a node). */
class CassandraDurabilityIT extends DurabilityContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
