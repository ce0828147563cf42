package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link AccountSasContract} on the Cassandra engine (skipped without a node). */
class CassandraAccountSasIT extends AccountSasContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
