package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link AuthenticationContract} on the Cassandra engine (skipped without a node). */
class CassandraAuthenticationIT extends AuthenticationContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
