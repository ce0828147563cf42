package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link WireFormsContract} on the Cassandra engine (skipped without a node). */
class CassandraWireFormsIT extends WireFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
