package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link EntityPayloadContract} on RocksDB. */
class RocksEntityPayloadIT extends EntityPayloadContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
