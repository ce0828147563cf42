package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ServiceSasContract} on RocksDB. */
class RocksServiceSasIT extends ServiceSasContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
