package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link LegacyQueryContract} on RocksDB. */
class RocksLegacyQueryIT extends LegacyQueryContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
