package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link SasScopeContract} on the Cassandra engine (skipped without a node). */
class CassandraSasScopeIT extends SasScopeContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
