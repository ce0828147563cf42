package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryPagingContract} on RocksDB with pages of 1, so every listing continues. */
class RocksPageSize1QueryPagingIT extends QueryPagingContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }

  @Override
  protected int pageSize() {
    return 1;
  }
}
