package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityGroupTransactionContract} on the Cassandra engine (skipped without a node). */
class CassandraEntityGroupTransactionIT extends EntityGroupTransactionContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
