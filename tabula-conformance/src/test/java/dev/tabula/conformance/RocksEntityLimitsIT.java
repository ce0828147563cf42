package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityLimitsContract} on RocksDB. */
class RocksEntityLimitsIT extends EntityLimitsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
