package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link SasScopeContract} on RocksDB. */
class RocksSasScopeIT extends SasScopeContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
