package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/**
 * {@link QueryFilterPagingContract} on the Cassandra engine (skipped without a node) with pages of
 * 1000.
 */
class CassandraQueryFilterPagingIT extends QueryFilterPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.CASSANDRA;
  }

  @Override
  protected int pageSize() {
    return 1000;
  }
}
