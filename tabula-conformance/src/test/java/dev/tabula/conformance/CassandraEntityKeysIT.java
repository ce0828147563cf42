package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityKeysContract} on the Cassandra engine (skipped without a node). */
class CassandraEntityKeysIT extends EntityKeysContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
