package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ServicePropertiesContract} on the Cassandra engine (skipped without a node). */
class CassandraServicePropertiesIT extends ServicePropertiesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
