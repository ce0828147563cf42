package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryFilterContract} on the rocks engine. */
class RocksQueryFilterIT extends QueryFilterContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
