package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link DurabilityContract} on RocksDB. */
class RocksDurabilityIT extends DurabilityContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
