package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/**
 * {@link QueryPagingContract} on the Cassandra engine (skipped without a node) with the service's
 * 1,000-entity pages.
 */
class CassandraQueryPagingIT extends QueryPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }
}
