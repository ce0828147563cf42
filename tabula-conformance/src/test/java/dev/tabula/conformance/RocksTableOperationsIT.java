package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link TableOperationsContract} on RocksDB. */
class RocksTableOperationsIT extends TableOperationsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
