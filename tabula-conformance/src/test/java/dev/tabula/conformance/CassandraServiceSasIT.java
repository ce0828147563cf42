package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ServiceSasContract} on the Cassandra engine (skipped without a node). */
class CassandraServiceSasIT extends ServiceSasContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
