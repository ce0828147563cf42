package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityWritesContract} on the Cassandra engine (skipped without a node). */
class CassandraEntityWritesIT extends EntityWritesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
