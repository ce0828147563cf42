package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyBatchContract} on RocksDB. */
class RocksLegacyBatchIT extends LegacyBatchContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
