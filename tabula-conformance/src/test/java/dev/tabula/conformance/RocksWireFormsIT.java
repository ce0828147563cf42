package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link WireFormsContract} on RocksDB. */
class RocksWireFormsIT extends WireFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
