package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/**
 * {@link QueryPagingContract} on the Cassandra engine (skipped without a node) with pages of 7, so
 * every listing continues.
 */
class CassandraPageSize7QueryPagingIT extends QueryPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }

  @Override
  protected int pageSize() {
    return 7;
  }
}
