package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link BatchWireFormsContract} on the RocksDB engine. */
class RocksBatchWireFormsIT extends BatchWireFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
