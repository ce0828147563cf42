package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/**
 * {@link QueryFilterPagingContract} on the Cassandra engine (skipped without a node) with pages of
 * 7.
 */
class CassandraPageSize7QueryFilterPagingIT extends QueryFilterPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }

  @Override
  protected int pageSize() {
    return 7;
  }
}
