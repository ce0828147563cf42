package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ResponseHeadersContract} on the Cassandra engine (skipped without a node). */
class CassandraResponseHeadersIT extends ResponseHeadersContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
