package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link QueryOptionsContract} on the rocks engine. */
class RocksQueryOptionsIT extends QueryOptionsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
