package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ProtocolErrorsContract} on the Cassandra engine (skipped without a node). */
class CassandraProtocolErrorsIT extends ProtocolErrorsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
