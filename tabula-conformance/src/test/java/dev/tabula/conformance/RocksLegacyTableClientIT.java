package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyTableClientContract} on RocksDB. */
class RocksLegacyTableClientIT extends LegacyTableClientContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
