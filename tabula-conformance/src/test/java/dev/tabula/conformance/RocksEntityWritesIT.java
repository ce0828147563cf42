package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityWritesContract} on RocksDB. */
class RocksEntityWritesIT extends EntityWritesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
