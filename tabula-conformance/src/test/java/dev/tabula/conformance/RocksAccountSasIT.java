package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link AccountSasContract} on RocksDB. */
class RocksAccountSasIT extends AccountSasContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
