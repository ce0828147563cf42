package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchWireFormsContract} on the Cassandra engine (skipped without a node). */
class CassandraBatchWireFormsIT extends BatchWireFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
