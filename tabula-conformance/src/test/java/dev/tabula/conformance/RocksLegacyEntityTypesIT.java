package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyEntityTypesContract} on RocksDB. */
class RocksLegacyEntityTypesIT extends LegacyEntityTypesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
