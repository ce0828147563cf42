package dev.tabula.conformance;

import dev.tabula.server.EngineKind;

/** {@link ProtocolErrorsContract} on RocksDB. */
class RocksProtocolErrorsIT extends ProtocolErrorsContract {
  @Override
  protected EngineKind engine() {
    return EngineKind.ROCKSDB;
  }
}
