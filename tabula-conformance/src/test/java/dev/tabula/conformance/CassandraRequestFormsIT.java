package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link RequestFormsContract} on the Cassandra engine (skipped without a node). */
class CassandraRequestFormsIT extends RequestFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
