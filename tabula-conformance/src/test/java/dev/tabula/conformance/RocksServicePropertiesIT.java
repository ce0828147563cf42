package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ServicePropertiesContract} on the RocksDB engine. */
class RocksServicePropertiesIT extends ServicePropertiesContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
