package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchIsolationContract} on the RocksDB engine. */
class RocksBatchIsolationIT extends BatchIsolationContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
