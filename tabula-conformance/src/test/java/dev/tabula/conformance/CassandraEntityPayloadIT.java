package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityPayloadContract} on the Cassandra engine (skipped without a node). */
class CassandraEntityPayloadIT extends EntityPayloadContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
