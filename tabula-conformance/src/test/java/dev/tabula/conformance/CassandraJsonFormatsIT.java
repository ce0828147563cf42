package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link JsonFormatsContract} on the Cassandra engine (skipped without a node). */
class CassandraJsonFormatsIT extends JsonFormatsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
