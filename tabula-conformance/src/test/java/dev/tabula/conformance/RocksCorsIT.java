package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link CorsContract} on the RocksDB engine. */
class RocksCorsIT extends CorsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
