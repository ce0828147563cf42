package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityKeysContract} on RocksDB. */
class RocksEntityKeysIT extends EntityKeysContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
