package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link SecondaryEndpointContract} on the Cassandra engine (skipped without a node). */
class CassandraSecondaryEndpointIT extends SecondaryEndpointContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
