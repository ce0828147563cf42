package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link RequestFormsContract} on RocksDB. */
class RocksRequestFormsIT extends RequestFormsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
