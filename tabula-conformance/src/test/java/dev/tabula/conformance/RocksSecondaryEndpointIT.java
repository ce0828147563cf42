package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link SecondaryEndpointContract} on the RocksDB engine. */
class RocksSecondaryEndpointIT extends SecondaryEndpointContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
