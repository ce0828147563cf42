package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryPagingContract} on RocksDB with the service's 1,000-entity pages. */
class RocksQueryPagingIT extends QueryPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
