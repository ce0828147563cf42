package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link TableAclContract} on the RocksDB engine. */
class RocksTableAclIT extends TableAclContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
