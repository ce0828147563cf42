package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ResponseHeadersContract} on the RocksDB engine. */
class RocksResponseHeadersIT extends ResponseHeadersContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
