package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyServiceContract} on RocksDB. */
class RocksLegacyServiceIT extends LegacyServiceContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
