package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link KeyRulesContract} on RocksDB. */
class RocksKeyRulesIT extends KeyRulesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
