package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityGroupTransactionContract} on the RocksDB engine. */
class RocksEntityGroupTransactionIT extends EntityGroupTransactionContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
