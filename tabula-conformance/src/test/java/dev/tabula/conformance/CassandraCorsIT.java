package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link CorsContract} on the Cassandra engine (skipped without a node). */
class CassandraCorsIT extends CorsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
