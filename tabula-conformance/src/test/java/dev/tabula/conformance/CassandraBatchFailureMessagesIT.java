package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchFailureMessagesContract} on the Cassandra engine (skipped without a node). */
class CassandraBatchFailureMessagesIT extends BatchFailureMessagesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
