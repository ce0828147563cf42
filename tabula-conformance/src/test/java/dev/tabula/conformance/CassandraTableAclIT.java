package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link TableAclContract} on the Cassandra engine (skipped without a node). */
class CassandraTableAclIT extends TableAclContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
