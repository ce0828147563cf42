package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link KeyRulesContract} on the Cassandra engine (skipped without a node). */
class CassandraKeyRulesIT extends KeyRulesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
