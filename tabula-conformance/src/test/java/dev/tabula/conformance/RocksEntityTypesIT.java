package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityTypesContract} on RocksDB. */
class RocksEntityTypesIT extends EntityTypesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
