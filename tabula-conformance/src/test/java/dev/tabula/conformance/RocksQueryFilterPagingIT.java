package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryFilterPagingContract} on the RocksDB engine with pages of 1000. */
class RocksQueryFilterPagingIT extends QueryFilterPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }

  @Override
  protected int pageSize() {
    return 1000;
  }
}
